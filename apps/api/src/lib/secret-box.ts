import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Keycodes and PINs at rest (docs/architecture.md, 'Data'): AES-256-GCM with a random 12-byte IV per value.
 * Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url), so the format can change without guessing.
 */
const VERSION = 'v1'

export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.')
}

export function decryptSecret(box: string, key: Buffer): string {
  const [version, iv, tag, ciphertext] = box.split('.')
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('unknown secret format')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}
