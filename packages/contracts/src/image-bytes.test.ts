import { describe, expect, it } from 'vitest'
import { imageBytesProblem, imageKindOfBytes, UPLOAD_MESSAGES } from './uploads.ts'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])))

describe('an image judged by its first bytes', () => {
  it('knows JPEG, PNG and WebP', () => {
    expect(imageKindOfBytes(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image')
    expect(imageKindOfBytes(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image')
    expect(imageKindOfBytes(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('image')
  })

  it('refuses a PDF renamed .jpg, and says what to do with a HEIC', () => {
    expect(imageBytesProblem(bytes('%PDF-1.4'))).toBe(UPLOAD_MESSAGES.imagesOnly)
    expect(imageBytesProblem(bytes(0, 0, 0, 24, 'ftyp', 'heic'))).toBe(UPLOAD_MESSAGES.heic)
    expect(imageBytesProblem(bytes())).toBe(UPLOAD_MESSAGES.imagesOnly)
  })
})
