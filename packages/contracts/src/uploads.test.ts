import { describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES } from './limits.ts'
import { imageFileProblem, UPLOAD_MESSAGES } from './uploads.ts'

const file = (type: string, size: number, name?: string) => ({ type, size, name })

describe('imageFileProblem', () => {
  it('refuses a file that is not an image', () => {
    expect(imageFileProblem(file('application/pdf', 10))).toBe('Only image files are allowed.')
  })

  it('refuses an image over 5 MB and accepts one of exactly 5 MB', () => {
    expect(imageFileProblem(file('image/png', UPLOAD_MAX_BYTES + 1))).toBe('File size should not exceed 5MB.')
    expect(imageFileProblem(file('image/jpeg', UPLOAD_MAX_BYTES))).toBeNull()
  })

  it('refuses a HEIC photo by its type with what to do instead', () => {
    expect(imageFileProblem(file('image/heic', 10, 'IMG_0001.HEIC'))).toBe(UPLOAD_MESSAGES.heic)
    expect(UPLOAD_MESSAGES.heic).toContain('Most Compatible')
  })

  it('refuses a HEIC photo by its name when the browser gives it no type', () => {
    expect(imageFileProblem(file('', 10, 'IMG_0001.heic'))).toBe(UPLOAD_MESSAGES.heic)
    expect(imageFileProblem(file('', 10, 'scan.HEIF'))).toBe(UPLOAD_MESSAGES.heic)
  })
})
