import { IMAGE_SIGNATURE_BYTES, imageBytesProblem, imageFileProblem } from '@keydesk/contracts/uploads'

/**
 * The browser's whole check of a chosen image, before it is previewed or kept: the rule on its type, name and size,
 * then its first bytes, so a PDF renamed .jpg is refused at once instead of showing a broken preview.
 */
export async function checkImageFile(file: File): Promise<string | null> {
  const problem = imageFileProblem(file)
  if (problem) return problem
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer())
  return imageBytesProblem(head)
}
