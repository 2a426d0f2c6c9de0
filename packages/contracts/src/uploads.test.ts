import { describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES } from './limits.ts'
import { imageFileProblem } from './uploads.ts'

const file = (type: string, size: number) => ({ type, size })

describe('imageFileProblem', () => {
  it('refuses a file that is not an image', () => {
    expect(imageFileProblem(file('application/pdf', 10))).toBe('Only image files are allowed.')
  })

  it('refuses an image over 5 MB and accepts one of exactly 5 MB', () => {
    expect(imageFileProblem(file('image/png', UPLOAD_MAX_BYTES + 1))).toBe('File size should not exceed 5MB.')
    expect(imageFileProblem(file('image/jpeg', UPLOAD_MAX_BYTES))).toBeNull()
  })
})
