import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'

/** Spec 5 "Update Profile images": images only, at most 5 MB; an empty choice is fine (the image is optional). */
export function checkImageFile(files: FileList | undefined): true | string {
  const file = files?.[0]
  if (!file) return true
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.imagesOnly
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge
  return true
}
