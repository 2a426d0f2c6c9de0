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

/** Bounds the plaintext kept per key: a few hundred members' worth of fulfilled orders. */
const OPENED_LIMIT = 10_000
const openedByKey = new WeakMap<Buffer, Map<string, string>>()

/**
 * A sealed keycode or PIN for a list (the dashboard, an owner's orders, the admin's transactions), decrypted once per
 * process and key: lists show the same values on every load and opening an AES-GCM box costs 5-13 µs (a new decipher
 * and key object each time). A sealed value never changes (a new value is sealed with a new random IV), so a cached
 * plaintext cannot go stale. The process holds the key that opens every box anyway; the cache keeps at most
 * OPENED_LIMIT plaintexts, oldest out first.
 */
export function openSealed(box: string, key: Buffer): string {
  let opened = openedByKey.get(key)
  if (!opened) {
    opened = new Map()
    openedByKey.set(key, opened)
  }
  const known = opened.get(box)
  if (known !== undefined) return known
  const plain = decryptSecret(box, key)
  if (opened.size >= OPENED_LIMIT) opened.delete(opened.keys().next().value as string)
  opened.set(box, plain)
  return plain
}
