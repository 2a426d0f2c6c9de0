import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { AppError } from '../../../errors.ts'
import { digest, newOpaqueToken } from '../../../lib/opaque-tokens.ts'
import type { Uses } from '../../../ports.ts'
import { enqueueMail, REQUESTED_MAILS_PER_WINDOW, renderMail, requestedMailWindowStart } from '../../platform/index.ts'
import * as accountRepository from '../members/account-repository.ts'
import { breachedPasswordProblem } from '../members/breached-passwords.ts'
import { lockUsers } from '../members/membership-repository.ts'
import { hashPassword } from '../members/passwords.ts'
import { clearSecondFactorFailures } from '../members/security-settings-repository.ts'
import { announceSessionsEnded, endAllSessions } from './end-sessions.ts'
import * as repository from './repository.ts'
import { RESET_TOKEN_TTL_MS } from './tokens.ts'

/**
 * Answers the same whether or not the e-mail has an account (no account discovery), in wording and in time: the
 * route answers at once and this runs after, off the request's path, so nothing a caller can time depends on the
 * account. The mail names no one, so it is rendered before the transaction, which then only reads the account and
 * queues it: no pooled connection waits on rendering. The token travels only in the mail; its SHA-256 is stored.
 */
export function startPasswordReset(ports: Uses<'database' | 'clock' | 'config' | 'secretKey' | 'log'>, email: string): Promise<void> {
  // From the next turn of the event loop, so the answer is written before any of the work begins.
  const work = new Promise((resolve) => setImmediate(resolve))
    .then(() => requestPasswordReset(ports, email))
    .catch((error: unknown) => {
      // The caller was answered already; the member asks again if no mail comes, as with a lost mail.
      ports.log.error({ err: error }, 'password reset request failed after its answer')
    })
    .finally(() => inFlight.delete(work))
  inFlight.add(work)
  return work
}

const inFlight = new Set<Promise<void>>()

/** Resolves once every reset started so far has finished: the app waits for them before it closes its database. */
export async function settledPasswordResets(): Promise<void> {
  await Promise.allSettled([...inFlight])
}

async function requestPasswordReset(ports: Uses<'database' | 'clock' | 'config' | 'secretKey'>, email: string): Promise<void> {
  const token = newOpaqueToken()
  const tokenHash = digest(token)
  const now = ports.clock.now()
  const link = `${ports.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
  const mail = await renderMail({
    subject: 'Reset your Keydesk password',
    preview: 'A link to choose a new password, valid for 1 hour.',
    // Anyone can ask for this mail to any account's address: it names no one.
    greeting: { name: null },
    paragraphs: ['Someone asked to reset the password of your Keydesk account. To choose a new password, open the link below.'],
    action: { label: 'Choose a new password', url: link },
    notes: ['The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.'],
  })
  await ports.database.db.transaction(async (tx) => {
    const user = await accountRepository.findUserByEmail(tx, email)
    // A closed account signs nothing in until restored, so a new password is of no use to it (docs/decisions/035).
    if (!user?.isActive || user.closedAt) return
    // Requests for one account run one after another, so the per-window count below holds under a burst.
    await lockUsers(tx, [user.id])
    if ((await repository.countResetTokensSince(tx, user.id, requestedMailWindowStart(now))) >= REQUESTED_MAILS_PER_WINDOW) return
    await repository.insertResetToken(tx, {
      userId: user.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    })
    await enqueueMail(tx, { to: user.email, ...mail }, ports.secretKey)
  })
}

/** Sets the new password once per token and ends every existing session of the account. */
export async function confirmPasswordReset(
  ports: Uses<'database' | 'clock' | 'events' | 'log' | 'config'>,
  token: string,
  newPassword: string,
): Promise<void> {
  const problem = await breachedPasswordProblem(ports, newPassword)
  if (problem) throw new AppError('VALIDATION_ERROR', problem, [{ field: 'newPassword', message: problem }])
  const passwordHash = await hashPassword(newPassword)
  const now = ports.clock.now()
  const user = await ports.database.db.transaction(async (tx) => {
    const userId = await repository.consumeResetToken(tx, digest(token), now)
    if (!userId) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.resetInvalid)
    await accountRepository.setPassword(tx, userId, passwordHash, now)
    await endAllSessions(tx, userId, now)
    return accountRepository.findUserById(tx, userId)
  })
  if (!user) return
  // The owner proved control of the mailbox: earlier guesses from any address no longer slow them down.
  await repository.clearFailedLogins(ports.database.db, user.email)
  await clearSecondFactorFailures(ports.database.db, user.id)
  await announceSessionsEnded(ports, user.id)
}
