import {
  MEMBER_STORED_MAX_BYTES,
  MEMBER_UPLOAD_BYTES_PER_DAY,
  STORED_IMAGE_MAX_EDGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_IMAGE_PIXELS,
  UPLOAD_MAX_IMAGE_SIDE,
  UPLOAD_MAX_LAYERED_IMAGE_PIXELS,
} from './limits.ts'

const megapixels = (pixels: number) => pixels / 1_000_000
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('en-US')

/** Upload texts. */
export const UPLOAD_MESSAGES = {
  imagesOnly: 'Only image files are allowed.',
  tooLarge: 'File size should not exceed 5MB.',
  empty: 'The selected file is empty.',
  required: 'File is required.',
  tooManyParts: 'This form has more fields or files than it asks for: send it again from its page.',
  tooManyPixels: `The image is too large: at most ${UPLOAD_MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels on a side and ${megapixels(UPLOAD_MAX_IMAGE_PIXELS)} megapixels. Send it at a smaller size.`,
  layeredTooManyPixels: `The image is a progressive JPEG or interlaced PNG over ${megapixels(UPLOAD_MAX_LAYERED_IMAGE_PIXELS)} megapixels. Save it as a standard JPEG, or at a smaller size.`,
  heic: 'HEIC photos are not accepted: send a JPEG, PNG or WebP. On an iPhone, Settings > Camera > Formats > Most Compatible takes photos as JPEG.',
  memberDailyShareFull: `Your account has stored ${megabytes(MEMBER_UPLOAD_BYTES_PER_DAY)} MB of photos and documents in the last 24 hours, the most a day allows. Try again tomorrow, or contact support.`,
  memberShareFull: `Your account stores ${megabytes(MEMBER_STORED_MAX_BYTES)} MB of photos and documents, the most it may keep. Contact support.`,
  guestShareFull: 'Too many photos were sent from this address today. Try again tomorrow, or create an account.',
  guestsShareFull: 'We cannot take more photos from guests today. Try again tomorrow, or create an account.',
} as const

/**
 * The formats an image upload accepts (decision 017: no HEIC), for the file inputs' accept attribute. Naming the
 * types rather than image/* also makes Safari on a Mac hand over a HEIC photo converted to JPEG (iOS always does).
 */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp'
/** The whole rule an image upload passes on the server, as the API document states it. */
export const IMAGE_UPLOAD_RULE = `${UPLOAD_MESSAGES.imagesOnly} ${UPLOAD_MESSAGES.tooLarge} JPEG, PNG or WebP (no HEIC), at most ${UPLOAD_MAX_IMAGE_SIDE} px on a side and ${megapixels(UPLOAD_MAX_IMAGE_PIXELS)} megapixels (${megapixels(UPLOAD_MAX_LAYERED_IMAGE_PIXELS)} when progressive or interlaced), judged from the header before decoding; stored re-encoded, at most ${STORED_IMAGE_MAX_EDGE} px on its long edge.`
/** The hint shown under an image input. */
export const IMAGE_HINT = 'JPEG, PNG or WebP, up to 5 MB'

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])

/**
 * The upload rule for one chosen image, checked in the browser so the user hears at once: images only, no HEIC, at
 * most 5 MB. The server checks the content again (the declared type is only the browser's guess from the name, and
 * browsers that do not know HEIC send it with no type at all, so its name is looked at too).
 */
export function imageFileProblem(file: { type: string; size: number; name?: string }): string | null {
  if (HEIC_TYPES.has(file.type.toLowerCase()) || /\.hei[cf]$/i.test(file.name ?? '')) return UPLOAD_MESSAGES.heic
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.imagesOnly
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge
  return null
}

/** The bytes an image's content check needs from the start of a file. */
export const IMAGE_SIGNATURE_BYTES = 12

/**
 * What the first bytes of a file say it is, whatever its name and declared type: a JPEG, PNG or WebP, a HEIC, or
 * something else (a PDF renamed .jpg). The server judges the whole file again; this lets a page refuse at once.
 */
export function imageKindOfBytes(bytes: Uint8Array): 'image' | 'heic' | 'other' {
  const startsWith = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte)
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
  if (startsWith([0xff, 0xd8, 0xff])) return 'image'
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image'
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'image'
  if (
    startsWith(ascii('ftyp'), 4) &&
    ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].some((brand) => startsWith(ascii(brand), 8))
  ) {
    return 'heic'
  }
  return 'other'
}

/** The content half of the browser's check: the message for bytes that are not an accepted image, or null. */
export function imageBytesProblem(bytes: Uint8Array): string | null {
  const kind = imageKindOfBytes(bytes)
  return kind === 'image' ? null : kind === 'heic' ? UPLOAD_MESSAGES.heic : UPLOAD_MESSAGES.imagesOnly
}
