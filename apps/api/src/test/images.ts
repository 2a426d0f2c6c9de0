import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import sharp from 'sharp'

/** A real PNG of the given size in pixels, for upload tests. */
export function pngImage(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer()
}

/** A real JPEG that carries EXIF metadata (camera make), to prove the stored copy drops it. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExifMerge({ IFD0: { Make: 'SecretCameraMaker' } })
    .toBuffer()
}

/** Bytes that are not an image whatever name and type they are sent with. */
export const notAnImage = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF')

/** A small real JPEG whose frame header (SOF) is rewritten to declare another size: what a hostile client sends. */
export async function jpegDeclaring(width: number, height: number, options: { progressive?: boolean } = {}): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg({ progressive: options.progressive ?? false })
      .toBuffer(),
  )
  for (let at = 2; at < jpeg.length - 8; at++) {
    // SOF0 (baseline), SOF1 (extended) or SOF2 (progressive): marker, length, precision, then height and width.
    if (jpeg[at] === 0xff && [0xc0, 0xc1, 0xc2].includes(jpeg[at + 1] ?? 0)) {
      jpeg.writeUInt16BE(height, at + 5)
      jpeg.writeUInt16BE(width, at + 7)
      return jpeg
    }
  }
  throw new Error('no frame header in the JPEG')
}

/** A small real PNG whose IHDR declares another size, its checksum recomputed so every reader takes the header. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage())
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
  return png
}

/**
 * A real HEIC photo (64 × 48, HEVC), made once with Debian's libheif-examples: `heif-enc -q 50 -o photo.heic
 * photo.png`. Committed rather than made per run, so the tests need no apt package (decision 017).
 */
export const heicPhoto = () => readFile(fileURLToPath(new URL('./fixtures/photo.heic', import.meta.url)))

/**
 * A lossless WebP of one colour declaring any size up to 16,384 px a side: its pixels cost no bits, so 7000 × 7000
 * takes 38 bytes. Made by rewriting the VP8L header (14 bits each for width - 1 and height - 1) of a 16 × 16 one.
 */
export async function webpDeclaring(width: number, height: number): Promise<Buffer> {
  const webp = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 180, b: 160 } } })
      .webp({ lossless: true })
      .toBuffer(),
  )
  if (webp.toString('latin1', 12, 16) !== 'VP8L') throw new Error('not a lossless WebP')
  const bits = webp.readUInt32LE(21)
  webp.writeUInt32LE(((bits & ~0x0fffffff) | (width - 1) | ((height - 1) << 14)) >>> 0, 21)
  return webp
}
