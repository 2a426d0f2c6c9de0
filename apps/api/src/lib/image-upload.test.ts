import { readdir, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../errors.ts'
import { heicPhoto, jpegDeclaring, jpegWithExif, notAnImage, pngDeclaring, pngImage, webpDeclaring } from '../test/images.ts'
import { cleanImage } from './image-upload.ts'

const upload = (data: Buffer, filename = 'photo.jpg', declaredType = 'image/jpeg') => ({
  fieldname: 'frontId',
  filename,
  declaredType,
  data,
})

describe('cleanImage', () => {
  it('accepts a PNG and keeps it a PNG', async () => {
    const image = await cleanImage('frontId', upload(await pngImage(), 'id.png', 'image/png'))
    expect(image.extension).toBe('png')
    expect((await sharp(image.data).metadata()).format).toBe('png')
  })

  it('strips EXIF metadata from the stored copy', async () => {
    const original = await jpegWithExif()
    expect(original.toString('latin1')).toContain('SecretCameraMaker')
    const image = await cleanImage('frontId', upload(original))
    expect(image.data.toString('latin1')).not.toContain('SecretCameraMaker')
  })

  it('refuses bytes that are not an image even when named and typed as one', async () => {
    await expect(cleanImage('frontId', upload(notAnImage, 'photo.jpg', 'image/jpeg'))).rejects.toThrow('Only image files are allowed.')
  })

  it('refuses a file over 5 MB with the documented text', async () => {
    const attempt = cleanImage('frontId', upload(Buffer.alloc(UPLOAD_MAX_BYTES + 1)))
    await expect(attempt).rejects.toBeInstanceOf(AppError)
    await expect(attempt).rejects.toThrow('File size should not exceed 5MB.')
  })

  it('refuses a truncated image whose header looks right', async () => {
    const truncated = (await jpegWithExif()).subarray(0, 200)
    await expect(cleanImage('frontId', upload(truncated))).rejects.toThrow('Only image files are allowed.')
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Counts sharp pipelines decoding at the same moment: every decode ends in toBuffer. */
function watchDecodes() {
  const original = sharp.prototype.toBuffer
  const seen = { started: 0, active: 0, peak: 0 }
  vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (this: ReturnType<typeof sharp>, ...args: unknown[]) {
    seen.started += 1
    seen.active += 1
    seen.peak = Math.max(seen.peak, seen.active)
    return (original.apply(this, args) as Promise<unknown>).finally(() => {
      seen.active -= 1
    })
  })
  return seen
}

describe('cleanImage: bounded image work (decision 017)', () => {
  it('refuses an image declaring more than 12,000 px on a side from its header, without decoding it', async () => {
    const strip = await pngDeclaring(60_000, 8)
    const decodes = watchDecodes()
    const started = performance.now()
    await expect(cleanImage('frontId', upload(strip, 'strip.png', 'image/png'))).rejects.toThrow(UPLOAD_MESSAGES.tooManyPixels)
    expect(decodes.started).toBe(0)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('refuses an image declaring more than 50 megapixels, without decoding it', async () => {
    const huge = await jpegDeclaring(8000, 7000)
    const decodes = watchDecodes()
    await expect(cleanImage('frontId', upload(huge))).rejects.toThrow(UPLOAD_MESSAGES.tooManyPixels)
    expect(decodes.started).toBe(0)
  })

  it('refuses a progressive JPEG over 16 megapixels, which cannot be decoded a band at a time', async () => {
    const progressive = await jpegDeclaring(5000, 4000, { progressive: true })
    const decodes = watchDecodes()
    await expect(cleanImage('frontId', upload(progressive))).rejects.toThrow(UPLOAD_MESSAGES.layeredTooManyPixels)
    expect(decodes.started).toBe(0)
  })

  it('stores a large photo shrunk to 2000 px on its long edge, keeping its proportions', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 90, g: 90, b: 90 } } })
      .jpeg()
      .toBuffer()
    const image = await cleanImage('frontId', upload(photo))
    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 })
  })

  it('stores a 7000 × 7000 WebP as 2000 × 2000', async () => {
    const webp = await webpDeclaring(7000, 7000)
    const image = await cleanImage('frontId', upload(webp, 'scan.webp', 'image/webp'))
    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'webp', width: 2000, height: 2000 })
  })

  it('keeps a photo already within 2000 px at its own size', async () => {
    const image = await cleanImage('frontId', upload(await pngImage(1200, 900), 'id.png', 'image/png'))
    expect(await sharp(image.data).metadata()).toMatchObject({ width: 1200, height: 900 })
  })

  it('never decodes more images at once than the machine has cores, across concurrent uploads', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 90, g: 90, b: 90 } } })
      .jpeg()
      .toBuffer()
    const cores = os.availableParallelism()
    const decodes = watchDecodes()
    const stored = await Promise.all(Array.from({ length: cores * 3 }, () => cleanImage('frontId', upload(photo))))
    expect(stored).toHaveLength(cores * 3)
    expect(decodes.started).toBe(cores * 3)
    expect(decodes.peak).toBe(cores)
  })

  it('refuses a real HEIC photo with what to do instead (decision 017)', async () => {
    await expect(cleanImage('frontId', upload(await heicPhoto(), 'IMG_0001.HEIC', 'image/heic'))).rejects.toThrow(UPLOAD_MESSAGES.heic)
  })

  it('is the only production module that decodes images, so every upload path takes its bounds', async () => {
    const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
    const users: string[] = []
    for (const entry of await readdir(source, { recursive: true })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry.startsWith(`test${path.sep}`)) continue
      if (/from 'sharp'/.test(await readFile(path.join(source, entry), 'utf8'))) users.push(entry)
    }
    expect(users).toEqual([path.join('lib', 'image-upload.ts')])
  })
})
