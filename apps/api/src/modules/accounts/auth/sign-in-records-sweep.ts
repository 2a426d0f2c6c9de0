import { DAY_MS } from '@keydesk/contracts/time'
import { type PeriodicJob, sweepInBatches } from '../../../lib/periodic-jobs.ts'
import type { Uses } from '../../../ports.ts'
import { deleteExpiredRefreshTokens, deleteExpiredResetTokens, deleteIdleLoginFailures } from './repository.ts'

const SWEEP_EVERY_MS = 60 * 60 * 1000
const SWEEP_BATCH = 1000

/**
 * Removes what sign-in leaves behind once it can decide nothing: refresh tokens and password-reset tokens past their
 * expiry (each refresh writes a new token, so an active member adds about a hundred a day), and failure counts idle
 * for a day (recordFailedLogin starts such a count again). Decision 022.
 */
export async function sweepSignInRecords(ports: Uses<'database' | 'clock'>, signal?: AbortSignal) {
  const db = ports.database.db
  const now = ports.clock.now()
  return {
    refreshTokens: await sweepInBatches(() => deleteExpiredRefreshTokens(db, now, SWEEP_BATCH), SWEEP_BATCH, signal),
    resetTokens: await sweepInBatches(() => deleteExpiredResetTokens(db, now, SWEEP_BATCH), SWEEP_BATCH, signal),
    loginFailures: await sweepInBatches(
      () => deleteIdleLoginFailures(db, new Date(now.getTime() - DAY_MS), SWEEP_BATCH),
      SWEEP_BATCH,
      signal,
    ),
  }
}

export function signInRecordsSweepJob(ports: Uses<'database' | 'clock'>): PeriodicJob {
  return {
    name: 'sign-in-records-sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async (signal) => {
      await sweepSignInRecords(ports, signal)
    },
  }
}
