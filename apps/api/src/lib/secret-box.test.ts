import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decryptSecret, encryptSecret, openSealed } from './secret-box.ts'

const key = randomBytes(32)

describe('secret box', () => {
  it('round-trips a keycode without keeping it readable', () => {
    const box = encryptSecret('K4471', key)
    expect(box).not.toContain('K4471')
    expect(decryptSecret(box, key)).toBe('K4471')
  })

  it('uses a fresh IV each time', () => expect(encryptSecret('K4471', key)).not.toBe(encryptSecret('K4471', key)))

  it('refuses a tampered value or another key', () => {
    const box = encryptSecret('K4471', key)
    const tampered = `${box.slice(0, -2)}AA`
    expect(() => decryptSecret(tampered, key)).toThrow()
    expect(() => decryptSecret(box, randomBytes(32))).toThrow()
  })

  it('opens a sealed value for a list as decryption does, and only with its own key', () => {
    const box = encryptSecret('K4471', key)
    expect(openSealed(box, key)).toBe('K4471')
    expect(openSealed(box, key)).toBe('K4471')
    expect(() => openSealed(box, randomBytes(32))).toThrow()
  })
})
