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
