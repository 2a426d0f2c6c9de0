import { RETENTION, retentionCutoff } from '@keydesk/contracts/retention'
import { listAccountsClosedBefore } from '../modules/accounts/index.ts'
import { purgeClosedAccount } from '../modules/back-office/member-accounts/closing.ts'
import type { Uses } from '../ports.ts'

/** Accounts per batch: each is purged in its own transaction, its files removed after the commit. */
const BATCH = 50

/**
 * Account data, deleted 30 days after the account closed (RETENTION.ACCOUNT, docs/decisions/035): each closed account
 * past its days is purged whole; one restored meanwhile is spared. Idempotent: a purged account is not found again.
 */
export async function runAccountPurge(ports: Uses<'database' | 'storage' | 'clock' | 'log'>, signal?: AbortSignal) {
  const before = retentionCutoff(RETENTION.ACCOUNT.period, ports.clock.now())
  let accounts = 0
  for (;;) {
    if (signal?.aborted) break
    const batch = await listAccountsClosedBefore(ports.database.db, before, BATCH)
    for (const { id } of batch) {
      if (signal?.aborted) break
      if (await purgeClosedAccount(ports, id, before)) accounts++
    }
    if (batch.length < BATCH) break
  }
  // Counts only: which accounts went is never written to the log.
  ports.log.info({ job: 'account-purge', before: before.toISOString(), accounts }, 'closed accounts purged')
  return { accounts }
}
