import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'

/**
 * Spec 5 checks on a chosen document, in the browser so the user hears at once; the server checks
 * the content again (the declared type here is only the browser's guess from the name).
 */
export function imageFileProblem(file: File | null | undefined): string | null {
  if (!file) return UPLOAD_MESSAGES.required
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.imagesOnly
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge
  return null
}
