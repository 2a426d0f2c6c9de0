import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.ts'
import { jpegWithExif, notAnImage, pngImage } from '../test/images.ts'
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
