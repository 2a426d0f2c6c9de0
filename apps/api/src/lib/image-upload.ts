import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { AppError } from '../errors.ts'
import type { UploadedFile } from './multipart.ts'

const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/heic', 'heic'],
  ['image/heif', 'heic'],
])

export interface CleanImage {
  data: Buffer
  extension: 'jpg' | 'png' | 'webp'
  contentType: string
}

/**
 * Checks an uploaded image by its bytes (the declared type and the file name are not trusted), then
 * re-encodes it: the stored copy carries no EXIF data (GPS position, device serial) and no hidden payload.
 */
export async function cleanImage(field: string, file: UploadedFile): Promise<CleanImage> {
  if (file.data.length > UPLOAD_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, [{ field, message: UPLOAD_MESSAGES.tooLarge }])
  }
  const detected = await fileTypeFromBuffer(file.data)
  if (!detected || !IMAGE_TYPES.has(detected.mime)) {
    throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.imagesOnly, [{ field, message: UPLOAD_MESSAGES.imagesOnly }])
  }
  try {
    const image = sharp(file.data, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate()
    if (detected.mime === 'image/png') return { data: await image.png().toBuffer(), extension: 'png', contentType: 'image/png' }
    if (detected.mime === 'image/webp') return { data: await image.webp().toBuffer(), extension: 'webp', contentType: 'image/webp' }
    return { data: await image.jpeg({ quality: 90 }).toBuffer(), extension: 'jpg', contentType: 'image/jpeg' }
  } catch {
    throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.imagesOnly, [{ field, message: UPLOAD_MESSAGES.imagesOnly }])
  }
}
