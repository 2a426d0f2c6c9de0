import { createHash, randomBytes, randomUUID } from 'node:crypto'

/** 32 random bytes, URL-safe: refresh and reset tokens. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url')

/** Stored form of a token or code: SHA-256 is enough for high-entropy secrets (no offline guessing). */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex')

export const newFamilyId = () => randomUUID()

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
