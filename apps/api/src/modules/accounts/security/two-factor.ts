import { createHash, randomBytes } from 'node:crypto'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES, type TwoFactorSetupAnswer } from '@keydesk/contracts/security'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import { enqueueMail, renderMail } from '../../platform/index.ts'
import {
  claimTotpStep,
  clearSecondFactorFailures,
  consumeRecoveryCode,
  findSecondFactorBlock,
  findTwoFactorState,
  recordSecondFactorFailure,
  saveTwoFactorState,
} from '../members/security-settings-repository.ts'
import type { SecretBox } from './totp-secret-box.ts'
import { createSecretBox } from './totp-secret-box.ts'

const ISSUER = 'Keydesk'

function totpFor(secret: string, account: string) {
  return new TOTP({ issuer: ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
}

const PERIOD_SECONDS = 30

/**
 * The 30-second time step a code belongs to, or null when it is not valid now. One step either side tolerates a
 * phone clock a little off.
 */
function stepOfCode(secret: string, account: string, code: string, now: Date): number | null {
  const delta = totpFor(secret, account).validate({ token: code, timestamp: now.getTime(), window: 1 })
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(code.replace(/-/g, '').toLowerCase()).digest('hex')

/** Starts enrolment: a new secret waits, sealed, until the first code from the app confirms it. */
export async function startTwoFactorSetup(
  db: DbExecutor,
  box: SecretBox,
  member: { id: string; email: string },
  now: Date,
): Promise<TwoFactorSetupAnswer> {
  const secret = new Secret({ size: 20 }).base32
  await saveTwoFactorState(db, member.id, { totpPendingSecretSealed: box.seal(secret) }, now)
  const otpauthUrl = totpFor(secret, member.email).toString()
  const svg = renderSVG(otpauthUrl, { border: 2 })
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/** Confirms enrolment with a code; two-factor is then on and fresh recovery codes are answered once. */
export async function confirmTwoFactorSetup(
  db: DbExecutor,
  box: SecretBox,
  member: { id: string; email: string },
  code: string,
  now: Date,
): Promise<{ recoveryCodes: string[] }> {
  const state = await findTwoFactorState(db, member.id)
  if (!state?.totpPendingSecretSealed) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.noSetupPending)
  const secret = box.open(state.totpPendingSecretSealed)
  const step = stepOfCode(secret, member.email, code, now)
  if (step === null)
    throw new AppError('VALIDATION_ERROR', TWO_FACTOR_MESSAGES.invalidCode, [{ field: 'code', message: TWO_FACTOR_MESSAGES.invalidCode }])
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex')
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
  await saveTwoFactorState(
    db,
    member.id,
    {
      twoFactorEnabled: true,
      totpSecretSealed: state.totpPendingSecretSealed,
      totpPendingSecretSealed: null,
      recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
      // The code that confirmed the app is spent: it cannot sign in as well.
      totpLastUsedStep: step,
    },
    now,
  )
  return { recoveryCodes }
}

/** Turning two-factor off forgets the secret and the recovery codes. */
export async function disableTwoFactor(db: DbExecutor, userId: string, now: Date): Promise<void> {
  await saveTwoFactorState(
    db,
    userId,
    { twoFactorEnabled: false, totpSecretSealed: null, totpPendingSecretSealed: null, recoveryCodeHashes: [] },
    now,
  )
}

export async function isTwoFactorRequired(db: DbExecutor, userId: string): Promise<boolean> {
  const state = await findTwoFactorState(db, userId)
  return Boolean(state?.twoFactorEnabled && state.totpSecretSealed)
}

/**
 * The sign-in step after the password, for accounts with two-factor on: a current code from the app that was not
 * used before (its time step must be later than the last accepted one), or an unused recovery code (then spent).
 */
export async function verifySecondFactor(
  db: DbExecutor,
  box: SecretBox,
  member: { id: string; email: string },
  code: string,
  now: Date,
): Promise<boolean> {
  const state = await findTwoFactorState(db, member.id)
  if (!state?.twoFactorEnabled || !state.totpSecretSealed) return false
  const trimmed = code.trim()
  if (/^\d{6}$/.test(trimmed)) {
    const step = stepOfCode(box.open(state.totpSecretSealed), member.email, trimmed, now)
    return step !== null && claimTotpStep(db, member.id, step)
  }
  return consumeRecoveryCode(db, member.id, hashRecoveryCode(trimmed))
}

/** Wrong sign-in codes an account may take in SECOND_FACTOR_WINDOW_MS before its code step closes for as long. */
export const SECOND_FACTOR_LIMIT = 10
export const SECOND_FACTOR_WINDOW_MS = 15 * 60 * 1000

/**
 * The sign-in's second step, counted per account whatever the address (docs/decisions/018): someone who has the
 * password cannot guess codes without end by rotating addresses. The tenth wrong code in 15 minutes closes the step for
 * 15 minutes and mails the owner, since their password is then known to someone else; a right code or a new password
 * starts the count again.
 */
export async function checkSignInSecondFactor(
  ports: Uses<'database' | 'config' | 'secretKey' | 'totpKey'>,
  member: { id: string; email: string; fname: string },
  code: string,
  now: Date,
): Promise<void> {
  const db = ports.database.db
  if (await findSecondFactorBlock(db, member.id, now)) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.twoFactorLocked)
  const box = createSecretBox(ports.totpKey, ports.config.jwtSecret)
  if (await verifySecondFactor(db, box, member, code, now)) {
    await clearSecondFactorFailures(db, member.id)
    return
  }
  await db.transaction(async (tx) => {
    const { closedNow } = await recordSecondFactorFailure(tx, member.id, now, SECOND_FACTOR_LIMIT, SECOND_FACTOR_WINDOW_MS)
    if (!closedNow) return
    const mail = await renderMail({
      subject: 'Someone has your Keydesk password',
      preview: 'Your authenticator stopped a sign-in with your password. Change your password now.',
      greeting: { name: member.fname },
      paragraphs: [
        `Someone signed in to your Keydesk account with your password and then entered ${SECOND_FACTOR_LIMIT} wrong authentication codes within 15 minutes. Your authenticator app stopped them, and sign-in with a code is paused for 15 minutes.`,
        'Your password is known to someone else. Choose a new one now with "Forgot password?" on the sign-in page: it ends every session and lifts the pause.',
      ],
      action: { label: 'Go to the sign-in page', url: `${ports.config.publicUrl}/login` },
      notes: ['If these attempts were yours, wait 15 minutes and sign in again.'],
    })
    await enqueueMail(tx, { to: member.email, ...mail, dedupeKey: `second-factor-locked:${member.id}:${now.getTime()}` }, ports.secretKey)
  })
  throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.twoFactorInvalid)
}
