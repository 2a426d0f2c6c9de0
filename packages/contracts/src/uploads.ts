import { UPLOAD_MAX_BYTES } from './limits.ts'

/** docs/product.md §11 upload texts. */
export const UPLOAD_MESSAGES = {
  imagesOnly: 'Only image files are allowed.',
  tooLarge: 'File size should not exceed 5MB.',
  empty: 'The selected file is empty.',
  required: 'File is required.',
} as const

/**
 * The upload rule for one chosen image, checked in the browser so the user hears at once: images only, at most
 * 5 MB. The server checks the content again (the declared type is only the browser's guess from the name).
 */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.imagesOnly
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge
  return null
}
