import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError, loginRequired } from '../../../errors.ts'
import { digest, newOpaqueToken } from '../../../lib/opaque-tokens.ts'
import type { Uses } from '../../../ports.ts'
import * as accountRepository from '../members/account-repository.ts'
import { decoyPasswordHash, verifyPassword } from '../members/passwords.ts'
import { toUserView } from '../members/user-view.ts'
import { type RelyingParty, recordSignIn as recordPasskeySignIn, spendSignInChallenge, verifySignIn } from '../passkeys/service.ts'
import { insertSignIn } from '../security/repository.ts'
import { checkSignInSecondFactor, isTwoFactorRequired } from '../security/two-factor.ts'
import * as sessionsRepository from '../sessions/repository.ts'
import { announceDeviceSessionsEnded, startSession } from '../sessions/service.ts'
import * as repository from './repository.ts'
import { REFRESH_TOKEN_TTL_MS } from './tokens.ts'

export interface SignInContext {
  ip: string
  userAgent: string | undefined
  /** The browser's own time zone, when it sent one that reads as a time zone name. */
  timeZone: string | null
}

type UserRow = NonNullable<Awaited<ReturnType<typeof accountRepository.findUserById>>>

/** Who may hold a session at all: open, active accounts, and admins only once a super admin approved them. */
function refusalFor(user: UserRow): string | null {
  // Closed first: its owner is told how to restore it (docs/decisions/035).
  if (user.closedAt) return ACCOUNT_CLOSING_MESSAGES.signInRefused
  if (!user.isActive) return ACCOUNT_MESSAGES.accountDisabled
  if (user.role === 'BASEUSER') return null
  if (user.adminApproval === 'PENDING') return ACCOUNT_MESSAGES.adminPendingApproval
  if (user.adminApproval !== 'APPROVED') return ACCOUNT_MESSAGES.accountDisabled
  return null
}

/**
 * Starts the session of one sign-in on one device (decision 022): its row, and its first refresh token, whose family
 * is the session (every rotation stays in it). The access token carries the session's id.
 */
async function issueSession(
  ports: Uses<'database' | 'signAccessToken'>,
  user: UserRow,
  now: Date,
  context: SignInContext,
  passkeyId: string | null = null,
) {
  const refreshToken = newOpaqueToken()
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS)
  const sessionId = await ports.database.db.transaction(async (tx) => {
    const id = await startSession(tx, {
      userId: user.id,
      userAgent: context.userAgent,
      ipAddress: context.ip,
      timeZone: context.timeZone,
      now,
      expiresAt,
      passkeyId,
    })
    await repository.insertRefreshToken(tx, { userId: user.id, familyId: id, tokenHash: digest(refreshToken), expiresAt })
    return id
  })
  const accessToken = await ports.signAccessToken({ id: user.id, role: user.role, sessionVersion: user.sessionVersion, sessionId })
  return { accessToken, refreshToken }
}

export async function signIn(
  ports: Uses<'database' | 'clock' | 'config' | 'secretKey' | 'totpKey' | 'signAccessToken'>,
  credentials: { email: string; password: string; code?: string },
  context: SignInContext,
) {
  const db = ports.database.db
  const now = ports.clock.now()
  // Failures count per e-mail and address together, known e-mail or not, so the answers tell nothing about accounts
  // and guessing from one address never slows the owner down elsewhere.
  if (await repository.findLoginBlock(db, credentials.email, context.ip, now)) {
    throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.accountSlowedDown)
  }
  const user = await accountRepository.findUserByEmail(db, credentials.email)
  // An unknown e-mail costs one argon2 verification too, like a known one.
  const isPasswordRight = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), credentials.password)
  if (!user || !isPasswordRight) {
    await repository.recordFailedLogin(db, credentials.email, context.ip, now)
    throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials)
  }
  const refusal = refusalFor(user)
  if (refusal) throw new AppError('FORBIDDEN', refusal)
  if (await isTwoFactorRequired(db, user.id)) {
    if (!credentials.code) throw new AppError('TWO_FACTOR_REQUIRED', ACCOUNT_MESSAGES.twoFactorRequired)
    try {
      await checkSignInSecondFactor(ports, user, credentials.code, now)
    } catch (error) {
      // A wrong code also counts for this e-mail and address, like a wrong password.
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED')
        await repository.recordFailedLogin(db, credentials.email, context.ip, now)
      throw error
    }
  }
  await repository.clearFailedLogins(db, credentials.email, context.ip)
  await insertSignIn(db, { userId: user.id, ipAddress: context.ip, userAgent: context.userAgent })
  const tokens = await issueSession(ports, user, now, context)
  return { ...tokens, user: toUserView(user, now) }
}

/**
 * Signs in with a passkey (decision 022): no e-mail typed, the credential names its account. The challenge is spent
 * first; then, in one transaction, the answer is verified against the stored credential, the account must be able
 * to hold a session (a disabled or revoked account's passkey does nothing, a deleted one's is gone with it), and only
 * then the credential's counter moves. The passkey verified its user, so the session holds the second factor.
 */
export async function signInWithPasskey(
  ports: Uses<'database' | 'clock' | 'signAccessToken'>,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  context: SignInContext,
) {
  const db = ports.database.db
  const now = ports.clock.now()
  const challenge = await spendSignInChallenge(db, response, now)
  const { user, passkeyId } = await db.transaction(async (tx) => {
    const verified = await verifySignIn(tx, response, challenge, rp)
    const account = await accountRepository.findUserById(tx, verified.userId)
    if (!account) throw new AppError('UNAUTHENTICATED', PASSKEY_MESSAGES.signInFailed)
    const refusal = refusalFor(account)
    if (refusal) throw new AppError('FORBIDDEN', refusal)
    await recordPasskeySignIn(tx, verified, now)
    return { user: account, passkeyId: verified.passkeyId }
  })
  await insertSignIn(db, { userId: user.id, ipAddress: context.ip, userAgent: context.userAgent })
  const tokens = await issueSession(ports, user, now, context, passkeyId)
  return { ...tokens, user: toUserView(user, now) }
}

/**
 * The refusal of a refresh whose session is over, saying why where the session recorded it (signed out from another
 * device, a passkey removed, the account changed: docs/decisions/038), so the device's sign-in page can tell the person.
 * The answer names no other device and nothing of the account.
 */
async function sessionEnded(db: DbExecutor, sessionId: string): Promise<AppError> {
  const reason = await sessionsRepository.findSessionEndReason(db, sessionId)
  return new AppError('UNAUTHENTICATED', reason ? SESSION_END_MESSAGES[reason] : ACCOUNT_MESSAGES.sessionExpired)
}

/**
 * Rotates a refresh token within its session, which stays the same one (its last-seen time moves). Presenting a
 * token that was already rotated means two parties hold it (one of them a thief), so the whole family is revoked,
 * its session ends, and both must sign in again. A session that ended (signed out from this device or another)
 * renews nothing.
 */
export async function refreshSession(ports: Uses<'database' | 'clock' | 'signAccessToken'>, presented: string | undefined) {
  if (!presented) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired)
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    const stored = await repository.findRefreshToken(tx, digest(presented))
    if (!stored || stored.expiresAt <= now) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired)
    if (stored.revokedAt) throw await sessionEnded(tx, stored.familyId)
    const sessionId = stored.familyId
    if (stored.rotatedAt || !(await repository.markRefreshTokenRotated(tx, stored.id, now))) {
      await repository.revokeRefreshFamily(tx, stored.familyId, now)
      const ended = await sessionsRepository.endSession(tx, sessionId, stored.userId, now, 'REFRESH_REUSED')
      return { reused: true as const, endedSessionId: ended ? sessionId : undefined }
    }
    const user = await accountRepository.findUserById(tx, stored.userId)
    const session = await sessionsRepository.findOpenSession(tx, sessionId, stored.userId, now)
    if (!user || refusalFor(user) || !session) {
      await repository.revokeRefreshFamily(tx, stored.familyId, now)
      throw await sessionEnded(tx, sessionId)
    }
    const refreshToken = newOpaqueToken()
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS)
    await repository.insertRefreshToken(tx, { userId: user.id, familyId: sessionId, tokenHash: digest(refreshToken), expiresAt })
    await sessionsRepository.touchSession(tx, sessionId, now, expiresAt)
    const accessToken = await ports.signAccessToken({ id: user.id, role: user.role, sessionVersion: user.sessionVersion, sessionId })
    return { reused: false as const, accessToken, refreshToken, user: toUserView(user, now) }
  })
}

/** A stolen refresh token presented again ended its session: its streams close too, in every process. */
export async function announceReusedSessionEnded(ports: Uses<'events' | 'log'>, sessionId: string | undefined) {
  if (sessionId) await announceDeviceSessionsEnded(ports, [sessionId])
}

/**
 * Logout ends this device's session only (decision 022): its refresh tokens revoked, its access tokens refused on
 * their next call, its open event streams closed; the account's other sessions go on. The session is the one of the
 * refresh token, or else of the access token (a bearer-only client); a logout carrying neither only clears cookies.
 */
export async function signOut(
  ports: Uses<'database' | 'clock' | 'events' | 'log'>,
  presented: string | undefined,
  signedIn: { id: string; sessionId: string } | undefined,
) {
  const now = ports.clock.now()
  const sessionId = await ports.database.db.transaction(async (tx) => {
    const stored = presented ? await repository.findRefreshToken(tx, digest(presented)) : undefined
    const session =
      stored && !stored.revokedAt
        ? { userId: stored.userId, sessionId: stored.familyId }
        : signedIn && { userId: signedIn.id, sessionId: signedIn.sessionId }
    if (!session) return undefined
    await repository.revokeRefreshFamily(tx, session.sessionId, now)
    return (await sessionsRepository.endSession(tx, session.sessionId, session.userId, now, 'SIGNED_OUT')) ? session.sessionId : undefined
  })
  if (sessionId) await announceDeviceSessionsEnded(ports, [sessionId])
}

export async function currentUser(ports: Uses<'database' | 'clock'>, userId: string) {
  const user = await accountRepository.findUserById(ports.database.db, userId)
  if (!user) throw loginRequired()
  return toUserView(user, ports.clock.now())
}
