import { describeDevice } from '@keydesk/contracts/device-label'
import { type DeviceSession, SESSION_MESSAGES } from '@keydesk/contracts/sessions'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { type PeriodicJob, sweepInBatches } from '../../../lib/periodic-jobs.ts'
import { SESSION_ENDED_TOPIC } from '../../../plugins/adapters/events.ts'
import type { Uses } from '../../../ports.ts'
import * as repository from './repository.ts'

/** Docs/product.md, 'Sessions': each sign-in on a device is one session, listed and ended on its own (decision 022). */

/** Starts the session of one sign-in, inside the caller's transaction; answers its id, which the tokens carry. */
export function startSession(
  db: DbExecutor,
  values: {
    userId: string
    userAgent: string | undefined
    ipAddress: string
    /** The browser's time zone, when its sign-in told it (TIME_ZONE_HEADER). */
    timeZone: string | null
    now: Date
    expiresAt: Date
    /** The passkey that verified its user and signed this session in, its second factor (decision 022); null for a password. */
    passkeyId: string | null
  },
): Promise<string> {
  return repository.insertSession(db, {
    userId: values.userId,
    device: describeDevice(values.userAgent ?? null),
    ipAddress: values.ipAddress,
    timeZone: values.timeZone,
    startedAt: values.now,
    expiresAt: values.expiresAt,
    signedInWithPasskey: values.passkeyId !== null,
    passkeyId: values.passkeyId,
  })
}

/**
 * After the end committed: every API process closes the streams opened with these sessions. A failed publish is
 * logged, not thrown: the sessions are over already, and the streams' periodic re-check closes them within seconds.
 */
export async function announceDeviceSessionsEnded(ports: Uses<'events' | 'log'>, sessionIds: readonly string[]): Promise<void> {
  try {
    await Promise.all(sessionIds.map((sessionId) => ports.events.publish(SESSION_ENDED_TOPIC, sessionId)))
  } catch (error) {
    ports.log.error({ err: error }, 'could not announce ended sessions; their open streams close at the next re-check')
  }
}

export async function listSessions(ports: Uses<'database' | 'clock'>, caller: { id: string; sessionId: string }): Promise<DeviceSession[]> {
  const rows = await repository.listOpenSessions(ports.database.db, caller.id, ports.clock.now())
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    ipAddress: row.ipAddress,
    timeZone: row.timeZone,
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === caller.sessionId,
  }))
}

/** Ends one session of the caller's own; another account's session, or one already over, answers 404 like a missing one. */
export async function signOutSession(
  ports: Uses<'database' | 'clock' | 'events' | 'log'>,
  caller: { id: string; sessionId?: string | undefined },
  sessionId: string,
): Promise<void> {
  const reason = sessionId === caller.sessionId ? 'SIGNED_OUT' : 'ENDED_ELSEWHERE'
  const ended = await repository.endSession(ports.database.db, sessionId, caller.id, ports.clock.now(), reason)
  if (!ended) throw new AppError('NOT_FOUND', SESSION_MESSAGES.notFound)
  await announceDeviceSessionsEnded(ports, [sessionId])
}

/** Ends every session of the caller's account but the one making this call. */
export async function signOutOtherSessions(
  ports: Uses<'database' | 'clock' | 'events' | 'log'>,
  caller: { id: string; sessionId: string },
): Promise<void> {
  const ended = await repository.endOtherSessions(ports.database.db, caller.id, caller.sessionId, ports.clock.now())
  await announceDeviceSessionsEnded(ports, ended)
}

const SWEEP_EVERY_MS = 60 * 60 * 1000
const SWEEP_BATCH = 1000

/** Removes sessions that ended or expired; nothing reads them once over (an ended session's tokens are refused either way). */
export async function sweepSessions(ports: Uses<'database' | 'clock'>, signal?: AbortSignal): Promise<number> {
  const now = ports.clock.now()
  return sweepInBatches(() => repository.deleteSessionsOverBefore(ports.database.db, now, SWEEP_BATCH), SWEEP_BATCH, signal)
}

export function sessionSweepJob(ports: Uses<'database' | 'clock'>): PeriodicJob {
  return {
    name: 'session-sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async (signal) => {
      await sweepSessions(ports, signal)
    },
  }
}
