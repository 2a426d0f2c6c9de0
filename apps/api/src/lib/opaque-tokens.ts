import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes, URL-safe: refresh, reset and order-link tokens. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url')

/** Stored form of a token or code: SHA-256 is enough for high-entropy secrets (no offline guessing). */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex')
