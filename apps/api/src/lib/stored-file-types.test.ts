import { describe, expect, it } from 'vitest'
import { extensionOfType, typeOfExtension } from './stored-file-types.ts'

describe('stored file types', () => {
  it('gives each stored content type its extension and back', () => {
    const pairs: [string, string][] = [
      ['image/jpeg', 'jpg'],
      ['image/png', 'png'],
      ['image/webp', 'webp'],
      ['application/pdf', 'pdf'],
    ]
    for (const [type, extension] of pairs) {
      expect(extensionOfType(type)).toBe(extension)
      expect(typeOfExtension(extension)).toBe(type)
    }
  })

  it('names an unknown kind as plain bytes', () => {
    expect(extensionOfType('text/html')).toBe('bin')
    expect(typeOfExtension('html')).toBe('application/octet-stream')
  })
})
