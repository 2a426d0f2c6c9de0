import { imageFileProblem } from '@keydesk/contracts/uploads'

/** react-hook-form's check for an optional image field: the contracts' upload rule, an empty choice being fine. */
export function checkImageFile(files: FileList | undefined): true | string {
  const file = files?.[0]
  return file ? (imageFileProblem(file) ?? true) : true
}
