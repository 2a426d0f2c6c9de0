import type { OwnerProof } from '@keydesk/contracts/security'
import type { Uses } from '../../../ports.ts'
import { assertOwnerProof } from './owner-proof.ts'
import { createSecretBox } from './totp-secret-box.ts'

/**
 * The owner's proof for a call of another context (the data archive): the password or a current code, a code spent
 * in its own transaction as at sign-in, so it cannot be replayed. Refuses as assertOwnerProof does.
 */
export async function proveOwner(
  ports: Uses<'database' | 'clock' | 'totpKey' | 'config'>,
  account: { id: string; email: string },
  proof: OwnerProof,
): Promise<void> {
  const box = createSecretBox(ports.totpKey, ports.config.jwtSecret)
  await ports.database.db.transaction((tx) => assertOwnerProof(tx, box, account, proof, ports.clock.now()))
}
