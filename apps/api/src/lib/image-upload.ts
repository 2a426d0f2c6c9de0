import os from 'node:os'
import {
  STORED_IMAGE_MAX_EDGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_IMAGE_PIXELS,
  UPLOAD_MAX_IMAGE_SIDE,
  UPLOAD_MAX_LAYERED_IMAGE_PIXELS,
} from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { AppError } from '../errors.ts'
import { concurrencyLimit } from './concurrency-limit.ts'
import type { UploadedFile } from './multipart.ts'

const IMAGE_TYPES: ReadonlyMap<string, CleanImage['extension']> = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
])

/** Decision 017: sharp's prebuilt libvips reads no HEVC, and a WebAssembly decoder would undo the bounds below. */
const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])

// A libvips pipeline otherwise starts a thread per core, so two decodes on two cores would run four threads and
// starve every other request; with one thread each, the queue's slots are exactly the cores image work may take.
sharp.concurrency(1)
// Every upload is decoded once: libvips's operation cache would only keep its pixels alive after the answer.
sharp.cache(false)

/**
 * At most one decode per core, for every upload path of the process: cleanImage is the one place images are decoded.
 * Each sharp call also holds one of libuv's four pool threads, which sign-in's password hashing and file reads need.
 */
const decodeSlot = concurrencyLimit(os.availableParallelism())

export interface CleanImage {
  data: Buffer
  extension: 'jpg' | 'png' | 'webp'
  contentType: string
}

const refusal = (field: string, message: string, code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_ERROR') =>
  new AppError(code, message, [{ field, message }])

/** The dimensions the file's header declares, read without decoding a pixel; undefined when no header parses. */
async function declaredSize(data: Buffer): Promise<{ width: number; height: number; layered: boolean } | undefined> {
  try {
    // No pixel limit here: the header is what the bounds below judge, with the texts the user is shown.
    const { width, height, isProgressive } = await sharp(data, { limitInputPixels: false }).metadata()
    return width && height ? { width, height, layered: Boolean(isProgressive) } : undefined
  } catch {
    return undefined
  }
}

/**
 * Checks an uploaded image by its bytes (the declared type and the file name are not trusted), then re-encodes it:
 * the stored copy carries no EXIF data (GPS position, device serial) and no hidden payload. Its cost is bounded
 * before any pixel is decoded: the header's dimensions are judged first, the decode shrinks on load to the stored
 * size, and decodes wait for a free core (decision 017).
 */
export async function cleanImage(field: string, file: UploadedFile): Promise<CleanImage> {
  if (file.data.length > UPLOAD_MAX_BYTES) throw refusal(field, UPLOAD_MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE')
  const detected = await fileTypeFromBuffer(file.data)
  if (detected && HEIC_TYPES.has(detected.mime)) throw refusal(field, UPLOAD_MESSAGES.heic)
  const extension = detected && IMAGE_TYPES.get(detected.mime)
  if (!extension) throw refusal(field, UPLOAD_MESSAGES.imagesOnly)

  const size = await declaredSize(file.data)
  if (!size) throw refusal(field, UPLOAD_MESSAGES.imagesOnly)
  const pixels = size.width * size.height
  if (size.width > UPLOAD_MAX_IMAGE_SIDE || size.height > UPLOAD_MAX_IMAGE_SIDE || pixels > UPLOAD_MAX_IMAGE_PIXELS) {
    throw refusal(field, UPLOAD_MESSAGES.tooManyPixels)
  }
  if (size.layered && pixels > UPLOAD_MAX_LAYERED_IMAGE_PIXELS) throw refusal(field, UPLOAD_MESSAGES.layeredTooManyPixels)

  return decodeSlot(async () => {
    try {
      // Resizing inside the stored edge lets libjpeg decode at 1/2, 1/4 or 1/8 scale and libwebp scale while it
      // decodes, so a large photo never exists at full size in memory.
      const image = sharp(file.data, { failOn: 'error', limitInputPixels: UPLOAD_MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: STORED_IMAGE_MAX_EDGE, height: STORED_IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      if (extension === 'png') return { data: await image.png().toBuffer(), extension, contentType: 'image/png' }
      if (extension === 'webp') return { data: await image.webp().toBuffer(), extension, contentType: 'image/webp' }
      return { data: await image.jpeg({ quality: 90 }).toBuffer(), extension, contentType: 'image/jpeg' }
    } catch {
      throw refusal(field, UPLOAD_MESSAGES.imagesOnly)
    }
  })
}
