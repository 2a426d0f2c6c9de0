import { batchOutcomeText, DASHBOARD_BATCH_PARAM } from '@keydesk/contracts/bulk'
import type { DbExecutor } from '../../../db/database.ts'
import type { Uses } from '../../../ports.ts'
import { findUserNames } from '../../accounts/index.ts'
import { enqueueMail, type MailContent, renderMail } from '../../platform/index.ts'
import { countBatchOutcomes, lockBatchOfRequest } from '../requests/batch-repository.ts'

/** The outbox's dedupe key of a batch's done mail: one mail per batch, whatever happens to it afterwards. */
export const batchDoneMailKey = (batchId: string) => `batch-done:${batchId}`

interface BatchDoneMailInput {
  firstName: string | null
  code: string
  size: number
  released: number
  refunded: number
  dashboardUrl: string
}

/** The mail that says a whole batch is done: how it ended, and where its codes are. */
export function batchDoneMail(input: BatchDoneMailInput): MailContent {
  return {
    subject: `Your batch ${input.code} is done: ${batchOutcomeText(input)}`,
    preview: `Every order of batch ${input.code} has ended.`,
    greeting: { name: input.firstName },
    paragraphs: [
      `Every one of the ${input.size} orders of batch ${input.code} has ended: ${batchOutcomeText(input)}.`,
      'The keycodes are in your account, where the batch also downloads them as a CSV file.',
    ],
    facts: [{ label: `Batch ${input.code}`, value: batchOutcomeText(input) }],
    action: { label: 'See the batch', url: input.dashboardUrl },
  }
}

/**
 * Called inside the transaction that releases a request (docs/product.md, 'Bulk ordering'): when that release ends
 * the request's batch (every order of it released or refunded), queues the member's batch-done mail. The batch row is
 * locked before counting, so of two releases that end a batch together the second waits for the first's commit and
 * counts it (READ COMMITTED reads anew after the wait): one of them sees the batch done; the dedupe key keeps it to
 * one mail even if a batch ends again after a corrected code reopened one of its orders.
 */
export async function mailBatchDoneOnce(ports: Uses<'config' | 'secretKey'>, tx: DbExecutor, requestId: string): Promise<void> {
  const batch = await lockBatchOfRequest(tx, requestId)
  if (!batch) return
  const outcome = await countBatchOutcomes(tx, batch.id)
  if (outcome.size === 0 || outcome.released + outcome.refunded < outcome.size) return
  const owner = (await findUserNames(tx, [batch.userId])).get(batch.userId)
  if (!owner) return
  const mail = await renderMail(
    batchDoneMail({
      firstName: owner.fname,
      code: batch.code,
      ...outcome,
      dashboardUrl: `${ports.config.publicUrl}/user-dash?${DASHBOARD_BATCH_PARAM}=${encodeURIComponent(batch.code)}`,
    }),
  )
  await enqueueMail(tx, { ...mail, to: owner.email, dedupeKey: batchDoneMailKey(batch.id) }, ports.secretKey)
}
