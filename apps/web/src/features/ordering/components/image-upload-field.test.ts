import { describe, expect, it } from 'vitest'
import { imageFileProblem } from './image-upload-field.tsx'

describe('image file checks (spec 5)', () => {
  it('accepts an image', () => expect(imageFileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull())
  it('refuses a file that is not an image', () =>
    expect(imageFileProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe('Only image files are allowed.'))
  it('refuses an image over 5 MB', () =>
    expect(imageFileProblem(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe(
      'File size should not exceed 5MB.',
    ))
})
