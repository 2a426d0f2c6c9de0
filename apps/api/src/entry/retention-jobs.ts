import { RETENTION, retentionCutoff } from '@keydesk/contracts/retention'
import { type PeriodicJob, sweepInBatches } from '../lib/periodic-jobs.ts'
import { anonymiseSignInsBefore } from '../modules/accounts/security/repository.ts'
import { deleteConversationsQuietSince } from '../modules/back-office/chat/repository.ts'
import { deleteConversationsQuietBefore } from '../modules/back-office/support/conversation-repository.ts'
import { deleteContactMessagesBefore } from '../modules/back-office/support/repository.ts'
import { removeClientAddressesBefore } from '../modules/platform/action-log/repository.ts'
import type { Uses } from '../ports.ts'
import { runAccountPurge } from './account-purge-job.ts'
import { runTransactionRetention } from './transaction-retention-job.ts'

const EVERY_MS = 6 * 60 * 60 * 1000
const BATCH = 500

type RetentionPorts = Uses<'database' | 'clock' | 'log'>

/**
 * Analytics, anonymised after a year (RETENTION.ANALYTICS, docs/decisions/030): sign-ins lose their address and
 * browser, action-log entries their client address. Idempotent: a cleared record is not found again.
 */
export async function runAnalyticsRetention(ports: RetentionPorts, signal?: AbortSignal) {
  const db = ports.database.db
  const before = retentionCutoff(RETENTION.ANALYTICS.period, ports.clock.now())
  const counts = {
    signIns: await sweepInBatches(() => anonymiseSignInsBefore(db, before, BATCH), BATCH, signal),
    actionLogEntries: await sweepInBatches(() => removeClientAddressesBefore(db, before, BATCH), BATCH, signal),
  }
  // Counts only: what was cleared is never written to the log.
  ports.log.info({ job: 'analytics-retention', before: before.toISOString(), ...counts }, 'analytics anonymised')
  return counts
}

/**
 * Support communications, deleted after two years (RETENTION.SUPPORT): support conversations with their messages by
 * their last message (docs/decisions/034); chat and contact messages from before the inbox by their own rules.
 */
export async function runSupportRetention(ports: RetentionPorts, signal?: AbortSignal) {
  const db = ports.database.db
  const before = retentionCutoff(RETENTION.SUPPORT.period, ports.clock.now())
  const counts = {
    supportConversations: await sweepInBatches(() => deleteConversationsQuietBefore(db, before, BATCH), BATCH, signal),
    conversations: await sweepInBatches(() => deleteConversationsQuietSince(db, before, BATCH), BATCH, signal),
    contactMessages: await sweepInBatches(() => deleteContactMessagesBefore(db, before, BATCH), BATCH, signal),
  }
  ports.log.info({ job: 'support-retention', before: before.toISOString(), ...counts }, 'support communications deleted')
  return counts
}

/** The retention periods that a job keeps today, each under its own job lock. */
export function retentionJobs(ports: RetentionPorts & Uses<'storage'>): PeriodicJob[] {
  return [
    { name: 'account-purge', everyMs: EVERY_MS, run: async (signal) => void (await runAccountPurge(ports, signal)) },
    { name: 'transaction-retention', everyMs: EVERY_MS, run: async (signal) => void (await runTransactionRetention(ports, signal)) },
    { name: 'analytics-retention', everyMs: EVERY_MS, run: async (signal) => void (await runAnalyticsRetention(ports, signal)) },
    { name: 'support-retention', everyMs: EVERY_MS, run: async (signal) => void (await runSupportRetention(ports, signal)) },
  ]
}
