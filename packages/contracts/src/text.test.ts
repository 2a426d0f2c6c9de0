import { describe, expect, it } from 'vitest'
import { findControlCharacter } from './text.ts'

describe('findControlCharacter', () => {
  it('finds NUL and the other C0 controls and DEL, with the path of the field', () => {
    expect(findControlCharacter({ fname: 'Le\u0000na' })).toBe('/fname')
    expect(findControlCharacter({ items: [{ name: 'ok' }, { name: 'bell\u0007' }] })).toBe('/items/1/name')
    expect(findControlCharacter({ note: 'del\u007f' })).toBe('/note')
    expect(findControlCharacter('\u001b[31m')).toBe('/')
  })

  it('lets tab, line feed and carriage return through, and ignores what is not text', () => {
    expect(findControlCharacter({ message: 'line one\r\nline two\tend', count: 3, ok: true, none: null })).toBeNull()
    expect(findControlCharacter({ file: Buffer.from([0, 1, 2]) })).toBeNull()
  })

  it('finds a control character in a key too', () => {
    expect(findControlCharacter({ 'na\u0000me': 'x' })).toBe('/na\u0000me')
  })
})
