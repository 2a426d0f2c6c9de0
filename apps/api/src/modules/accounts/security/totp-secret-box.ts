import { hkdfSync } from 'node:crypto'
import { decryptSecret, encryptSecret } from '../../../lib/secret-box.ts'

/** The key authenticators were sealed with before TOTP_ENCRYPTION_KEY existed: derived from JWT_SECRET. */
const legacyKey = (jwtSecret: string) => Buffer.from(hkdfSync('sha256', jwtSecret, 'keydesk', 'keydesk/totp-secret/v1', 32))

/**
 * Authenticator (TOTP) secrets at rest, with the one AES-256-GCM implementation (lib/secret-box.ts) under a key of
 * their own (TOTP_ENCRYPTION_KEY), so rotating JWT_SECRET no longer breaks every authenticator. A secret sealed
 * before that key existed still opens with the key derived from the JWT secret of that time, and is sealed again
 * under the new key by the next enrolment.
 */
export function createSecretBox(key: Buffer, legacyJwtSecret?: string) {
  return {
    seal: (plain: string): string => encryptSecret(plain, key),
    open(sealed: string): string {
      try {
        return decryptSecret(sealed, key)
      } catch (error) {
        if (!legacyJwtSecret) throw error
        return decryptSecret(sealed, legacyKey(legacyJwtSecret))
      }
    },
  }
}
export type SecretBox = ReturnType<typeof createSecretBox>
