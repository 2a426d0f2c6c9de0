import { randomInt } from 'node:crypto'
import type { Role } from '@keydesk/contracts/roles'
import { ENROLMENT_CODE_MINUTES, type EnrolmentProofKind, type OwnerProof, TWO_FACTOR_MESSAGES } from '@keydesk/contracts/security'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { digest } from '../../../lib/opaque-tokens.ts'
import { adminPowersNeedSecondFactor } from '../../../plugins/app/auth.ts'
import type { Uses } from '../../../ports.ts'
import { enqueueMail, renderMail } from '../../platform/index.ts'
import { findPasswordHash } from '../members/account-repository.ts'
import { verifyPassword } from '../members/passwords.ts'
import { hasPasskey } from '../passkeys/repository.ts'
import { assertOwnerProof } from './owner-proof.ts'
import { claimEnrolmentCode, saveEnrolmentCode } from './repository.ts'
import type { SecretBox } from './totp-secret-box.ts'
import { isTwoFactorRequired, verifySecondFactor } from './two-factor.ts'

/** Who adds a factor: the signed-in account, and whether this session was signed in with a passkey. */
export interface Enroller {
  id: string
  email: string
  role: Role
  signedInWithPasskey: boolean
}

/**
 * What adding a sign-in factor asks of this account (decision 025). A factor stands for the account's admin powers when
 * REQUIRE_ADMIN_2FA is on, so for an admin or super admin it needs the same strength of proof as the session it will
 * make: a factor the account already has (a current authenticator code, or this session's passkey sign-in), or for
 * the first one the password with a code mailed to the account's own address. Never the password alone.
 */
export async function enrolmentProofKind(db: DbExecutor, enroller: Enroller, requireAdminTwoFactor: boolean): Promise<EnrolmentProofKind> {
  if (!adminPowersNeedSecondFactor(enroller.role, requireAdminTwoFactor)) return 'password-or-code'
  const [hasApp, hasKey] = await Promise.all([isTwoFactorRequired(db, enroller.id), hasPasskey(db, enroller.id)])
  return hasApp || hasKey ? 'existing-factor' : 'password-and-mailed-code'
}

/** Refuses unless the proof is what enrolmentProofKind asks; a mailed code is spent in the caller's transaction. */
export async function assertEnrolmentProof(
  db: DbExecutor,
  box: SecretBox,
  enroller: Enroller,
  proof: OwnerProof,
  now: Date,
  requireAdminTwoFactor: boolean,
): Promise<void> {
  const kind = await enrolmentProofKind(db, enroller, requireAdminTwoFactor)
  if (kind === 'password-or-code') return assertOwnerProof(db, box, enroller, proof, now)
  if (kind === 'existing-factor') {
    if (proof.code && (await verifySecondFactor(db, box, enroller, proof.code, now))) return
    // A passkey sign-in verified its user on the device moments or hours ago: the session holds that factor.
    if (enroller.signedInWithPasskey && (await hasPasskey(db, enroller.id))) return
    throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.existingFactorNeeded, [
      { field: 'code', message: TWO_FACTOR_MESSAGES.existingFactorNeeded },
    ])
  }
  if (!proof.currentPassword || !proof.mailedCode) {
    throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.mailedCodeNeeded, [
      { field: proof.currentPassword ? 'mailedCode' : 'currentPassword', message: TWO_FACTOR_MESSAGES.mailedCodeNeeded },
    ])
  }
  await assertPassword(db, enroller.id, proof.currentPassword)
  if (!(await claimEnrolmentCode(db, enroller.id, digest(proof.mailedCode), now))) {
    throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.mailedCodeInvalid, [
      { field: 'mailedCode', message: TWO_FACTOR_MESSAGES.mailedCodeInvalid },
    ])
  }
}

async function assertPassword(db: DbExecutor, userId: string, password: string) {
  const passwordHash = await findPasswordHash(db, userId)
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.proofInvalid)
}

/**
 * POST /user/security/enrolment-code: after the password, mails a new 8-digit code to the account's own address
 * (replacing any earlier one). The mail is rendered before the transaction, which only stores the code and queues it.
 */
export async function sendEnrolmentCode(
  ports: Uses<'database' | 'clock' | 'secretKey'>,
  owner: { id: string; email: string; fname: string },
  currentPassword: string,
): Promise<{ message: string }> {
  const db = ports.database.db
  const now = ports.clock.now()
  await assertPassword(db, owner.id, currentPassword)
  const code = String(randomInt(0, 100_000_000)).padStart(8, '0')
  const mail = await renderMail({
    subject: 'Your Keydesk code to add a sign-in factor',
    preview: `Your code: ${code}. It works once, for ${ENROLMENT_CODE_MINUTES} minutes.`,
    greeting: { name: owner.fname },
    paragraphs: [
      'Someone signed in to your Keydesk account with your password is adding a sign-in factor (an authenticator app or a passkey). Enter this code with your password to go on.',
      `It works once, for ${ENROLMENT_CODE_MINUTES} minutes.`,
    ],
    facts: [{ label: 'Code', value: code, emphasis: true }],
    notes: ['If this was not you, your password is known to someone else: choose a new one with "Forgot password?" on the sign-in page.'],
  })
  await db.transaction(async (tx) => {
    await saveEnrolmentCode(tx, owner.id, digest(code), new Date(now.getTime() + ENROLMENT_CODE_MINUTES * 60_000))
    await enqueueMail(tx, { to: owner.email, ...mail, dedupeKey: `enrolment-code:${owner.id}:${now.getTime()}` }, ports.secretKey)
  })
  return { message: TWO_FACTOR_MESSAGES.mailedCodeSent }
}
