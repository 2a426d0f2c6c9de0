import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * AES-256-GCM sealing of small secrets at rest (TOTP secrets). The key is derived from JWT_SECRET with
 * HKDF under its own label, so no new variable is needed; rotating JWT_SECRET therefore means members
 * enrol their authenticator again.
 */
export function createSecretBox(masterSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'keydesk', 'keydesk/totp-secret/v1', 32))
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed secret format')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
export type SecretBox = ReturnType<typeof createSecretBox>
