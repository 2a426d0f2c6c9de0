import type { SessionEndReason } from '@keydesk/contracts/auth-messages'
import type { DbExecutor } from '../../../db/database.ts'
import { SESSIONS_ENDED_TOPIC } from '../../../plugins/adapters/events.ts'
import type { Uses } from '../../../ports.ts'
import { bumpSessionVersion } from '../members/account-repository.ts'
import { endAllSessionsOf } from '../sessions/repository.ts'
import { revokeAllRefreshTokens } from './repository.ts'

/**
 * Ends every session of an account, inside the caller's transaction (a new password, a revoked account, a rejected or
 * revoked admin): its session rows end, its refresh tokens are revoked and its session version moves, so access tokens
 * already issued stop working on their next call (plugins/app/auth.ts reads both with the account).
 */
export async function endAllSessions(db: DbExecutor, userId: string, now: Date, reason?: SessionEndReason): Promise<void> {
  await bumpSessionVersion(db, userId)
  await endAllSessionsOf(db, userId, now, reason)
  await revokeAllRefreshTokens(db, userId, now)
}

/**
 * After the change committed: every API process closes the account's open event streams. A failed publish is logged,
 * not thrown: the sessions are already over, and the caller's change stands.
 */
export async function announceSessionsEnded(ports: Uses<'events' | 'log'>, userId: string): Promise<void> {
  try {
    await ports.events.publish(SESSIONS_ENDED_TOPIC, userId)
  } catch (error) {
    ports.log.error({ err: error }, 'could not announce ended sessions; open streams of the account stay open until their clients leave')
  }
}
