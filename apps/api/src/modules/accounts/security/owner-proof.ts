import { type OwnerProof, TWO_FACTOR_MESSAGES } from '@keydesk/contracts/security'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { findPasswordHash } from '../members/account-repository.ts'
import { verifyPassword } from '../members/passwords.ts'
import type { SecretBox } from './totp-secret-box.ts'
import { verifySecondFactor } from './two-factor.ts'

/** The rate of every call that checks the owner's password or code, per account and route (guessing stays slow). */
export const OWNER_PROOF_RATE_LIMIT = { max: 20, timeWindow: '5 minutes', hook: 'preHandler' } as const

/**
 * Refuses unless the caller proves to be the account's owner, not only the holder of its session (decision 014):
 * the current password, or a current authenticator code (spent like at sign-in, so it cannot be replayed).
 * Switching two-factor off and enrolling an authenticator ask for it.
 */
export async function assertOwnerProof(
  db: DbExecutor,
  box: SecretBox,
  account: { id: string; email: string },
  proof: OwnerProof,
  now: Date,
): Promise<void> {
  if (!proof.currentPassword && !proof.code) {
    throw new AppError('VALIDATION_ERROR', TWO_FACTOR_MESSAGES.proofRequired, [
      { field: 'currentPassword', message: TWO_FACTOR_MESSAGES.proofRequired },
    ])
  }
  if (proof.code && (await verifySecondFactor(db, box, account, proof.code, now))) return
  if (proof.currentPassword) {
    const passwordHash = await findPasswordHash(db, account.id)
    if (passwordHash && (await verifyPassword(passwordHash, proof.currentPassword))) return
  }
  throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.proofInvalid)
}
