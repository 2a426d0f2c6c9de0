import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { AppError, loginRequired } from '../../../errors.ts'
import { digest, newOpaqueToken } from '../../../lib/opaque-tokens.ts'
import type { Uses } from '../../../ports.ts'
import * as accountRepository from '../members/account-repository.ts'
import { decoyPasswordHash, verifyPassword } from '../members/passwords.ts'
import { toUserView } from '../members/user-view.ts'
import { insertSignIn } from '../security/repository.ts'
import { checkSignInSecondFactor, isTwoFactorRequired } from '../security/two-factor.ts'
import { announceSessionsEnded, endAllSessions } from './end-sessions.ts'
import * as repository from './repository.ts'
import { newFamilyId, REFRESH_TOKEN_TTL_MS } from './tokens.ts'

export interface SignInContext {
  ip: string
  userAgent: string | undefined
}

type UserRow = NonNullable<Awaited<ReturnType<typeof accountRepository.findUserById>>>

/** Who may hold a session at all: active accounts, and admins only once a super admin approved them. */
function refusalFor(user: UserRow): string | null {
  if (!user.isActive) return ACCOUNT_MESSAGES.accountDisabled
  if (user.role === 'BASEUSER') return null
  if (user.adminApproval === 'PENDING') return ACCOUNT_MESSAGES.adminPendingApproval
  if (user.adminApproval !== 'APPROVED') return ACCOUNT_MESSAGES.accountDisabled
  return null
}

async function issueSession(ports: Uses<'database' | 'signAccessToken'>, user: UserRow, now: Date) {
  const refreshToken = newOpaqueToken()
  await repository.insertRefreshToken(ports.database.db, {
    userId: user.id,
    familyId: newFamilyId(),
    tokenHash: digest(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  })
  const accessToken = await ports.signAccessToken({ id: user.id, role: user.role, sessionVersion: user.sessionVersion })
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
  await insertSignIn(db, { userId: user.id, ipAddress: context.ip, userAgent: context.userAgent?.slice(0, 300) ?? null })
  const tokens = await issueSession(ports, user, now)
  return { ...tokens, user: toUserView(user, now) }
}

/**
 * Rotates a refresh token. Presenting a token that was already rotated means two parties hold it (one of
 * them a thief), so the whole family is revoked and both must sign in again.
 */
export async function refreshSession(ports: Uses<'database' | 'clock' | 'signAccessToken'>, presented: string | undefined) {
  if (!presented) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired)
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    const stored = await repository.findRefreshToken(tx, digest(presented))
    if (!stored || stored.revokedAt || stored.expiresAt <= now) {
      throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired)
    }
    if (stored.rotatedAt || !(await repository.markRefreshTokenRotated(tx, stored.id, now))) {
      await repository.revokeRefreshFamily(tx, stored.familyId, now)
      return { reused: true as const }
    }
    const user = await accountRepository.findUserById(tx, stored.userId)
    if (!user || refusalFor(user)) {
      await repository.revokeRefreshFamily(tx, stored.familyId, now)
      throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired)
    }
    const refreshToken = newOpaqueToken()
    await repository.insertRefreshToken(tx, {
      userId: user.id,
      familyId: stored.familyId,
      tokenHash: digest(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    })
    const accessToken = await ports.signAccessToken({ id: user.id, role: user.role, sessionVersion: user.sessionVersion })
    return { reused: false as const, accessToken, refreshToken, user: toUserView(user, now) }
  })
}

/**
 * Logout ends every session of the account at once (decision 014): refresh tokens revoked, access tokens already issued
 * refused on their next call, open event streams closed. The account is the one of the refresh token, or else of
 * the access token (a bearer-only client); a logout carrying neither only clears cookies.
 */
export async function signOut(
  ports: Uses<'database' | 'clock' | 'events' | 'log'>,
  presented: string | undefined,
  signedInId: string | undefined,
) {
  const stored = presented ? await repository.findRefreshToken(ports.database.db, digest(presented)) : undefined
  const userId = stored && !stored.revokedAt ? stored.userId : signedInId
  if (!userId) return
  const now = ports.clock.now()
  await ports.database.db.transaction((tx) => endAllSessions(tx, userId, now))
  await announceSessionsEnded(ports, userId)
}

export async function currentUser(ports: Uses<'database' | 'clock'>, userId: string) {
  const user = await accountRepository.findUserById(ports.database.db, userId)
  if (!user) throw loginRequired()
  return toUserView(user, ports.clock.now())
}
