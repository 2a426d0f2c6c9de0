import { createHash, randomBytes } from 'node:crypto'
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES, type TwoFactorSetupAnswer } from '@keydesk/contracts/security'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import type { Database, DbExecutor } from '../../db/database.ts'
import { AppError } from '../../errors.ts'
import { claimTotpStep, consumeRecoveryCode, findTwoFactorState, saveTwoFactorState } from '../profile/security-settings-repository.ts'
import type { SecretBox } from './secret-box.ts'

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
  db: Database,
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
  db: Database,
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
