import { describe, expect, it } from 'vitest'
import { imageFileProblem } from './image-file-problem.ts'

const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'doc', { type })

describe('registration document checks (spec 5)', () => {
  it('requires a file', () => {
    expect(imageFileProblem(null)).toBe('File is required.')
  })

  it('accepts only images', () => {
    expect(imageFileProblem(file('application/pdf', 10))).toBe('Only image files are allowed.')
  })

  it('refuses files over 5 MB', () => {
    expect(imageFileProblem(file('image/png', 5 * 1024 * 1024 + 1))).toBe('File size should not exceed 5MB.')
  })

  it('accepts an image of exactly 5 MB', () => {
    expect(imageFileProblem(file('image/jpeg', 5 * 1024 * 1024))).toBeNull()
  })
})
