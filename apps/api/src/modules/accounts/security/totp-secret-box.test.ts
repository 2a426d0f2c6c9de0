import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox } from './totp-secret-box.ts'

const key = randomBytes(32)

/** A secret sealed the way authenticators were sealed before TOTP_ENCRYPTION_KEY: under a key derived from JWT_SECRET. */
function sealedUnderJwtSecret(plain: string, jwtSecret: string) {
  const legacy = Buffer.from(hkdfSync('sha256', jwtSecret, 'keydesk', 'keydesk/totp-secret/v1', 32))
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', legacy, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

describe('the authenticator secret box', () => {
  it('opens what it sealed, and the sealed text does not show the secret', () => {
    const box = createSecretBox(key, 'jwt-secret-one-0123456789abcdef0123')
    const sealed = box.seal('JBSWY3DPEHPK3PXP')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP')
  })

  it('keeps opening its secrets after JWT_SECRET is rotated', () => {
    const sealed = createSecretBox(key, 'jwt-secret-one-0123456789abcdef0123').seal('JBSWY3DPEHPK3PXP')
    expect(createSecretBox(key, 'jwt-secret-two-0123456789abcdef0123').open(sealed)).toBe('JBSWY3DPEHPK3PXP')
  })

  it('refuses a secret sealed under another key', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('JBSWY3DPEHPK3PXP')
    expect(() => createSecretBox(key).open(sealed)).toThrow()
  })

  it('still opens a secret sealed before the key of its own existed, while JWT_SECRET is unchanged', () => {
    const sealed = sealedUnderJwtSecret('JBSWY3DPEHPK3PXP', 'jwt-secret-one-0123456789abcdef0123')
    expect(createSecretBox(key, 'jwt-secret-one-0123456789abcdef0123').open(sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(() => createSecretBox(key, 'jwt-secret-two-0123456789abcdef0123').open(sealed)).toThrow()
  })
})
