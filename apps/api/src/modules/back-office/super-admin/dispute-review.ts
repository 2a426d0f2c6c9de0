import { type ClearDisputeReviewAnswer, DISPUTE_MESSAGES, type SuperAdminDisputesAnswer } from '@keydesk/contracts/disputes'
import { AppError } from '../../../errors.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findUserNames } from '../../accounts/index.ts'
import {
  clearDisputeReview,
  disputeView,
  findOrderContacts,
  listDisputes,
  listFailedKeycodeRefunds,
  lockDispute,
} from '../../ordering/index.ts'
import { recordAction } from '../../platform/index.ts'

const LIST_LIMIT = 200

/**
 * GET /super-admin/disputes (docs/decisions/028): the newest disputes with their buyers and checkouts, and the keycode
 * refunds the provider reported failed, which someone must pay back by hand.
 */
export async function listDisputesForReview(ports: Uses<'database'>): Promise<SuperAdminDisputesAnswer> {
  const db = ports.database.db
  const [disputes, failedRefunds] = await Promise.all([listDisputes(db, LIST_LIMIT), listFailedKeycodeRefunds(db, LIST_LIMIT)])
  const buyers = await findUserNames(db, [...new Set(disputes.flatMap((row) => (row.userId ? [row.userId] : [])))])
  const orders = await findOrderContacts(db, [...new Set(disputes.flatMap((row) => (row.transactionId ? [row.transactionId] : [])))])
  return {
    disputes: disputes.map((row) => {
      const buyer = row.userId ? buyers.get(row.userId) : undefined
      return {
        ...disputeView(row, row.transactionId ? (orders.get(row.transactionId)?.confirmationNumber ?? null) : null),
        buyer: row.userId ? { id: row.userId, name: buyer ? `${buyer.fname} ${buyer.lname}` : null, email: buyer?.email ?? null } : null,
      }
    }),
    failedRefunds: failedRefunds.map((row) => ({
      id: row.id,
      vehicleRequestId: row.vehicleRequestId,
      transactionId: row.transactionId,
      amountCents: row.amountCents,
      providerRefundId: row.providerRefundId,
      lastError: row.lastError,
      attemptedAt: row.attemptedAt.toISOString(),
    })),
  }
}

/**
 * POST /super-admin/disputes/{id}/clear-review: a super admin has looked at the member who disputed a payment after a
 * keycode went out, and lets their orders be released again. Checked and cleared under the dispute's row lock, with the
 * action log in the same transaction; a second clearing is refused (409), a dispute that put no review on anyone too.
 */
export async function clearReview(
  ports: Uses<'database' | 'clock'>,
  superAdmin: Principal,
  disputeId: string,
): Promise<ClearDisputeReviewAnswer> {
  return ports.database.db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, disputeId)
    if (!dispute) throw new AppError('NOT_FOUND', DISPUTE_MESSAGES.notFound)
    if (!dispute.userId) throw new AppError('CONFLICT', DISPUTE_MESSAGES.noReview)
    const cleared = await clearDisputeReview(tx, dispute.id, superAdmin.id, ports.clock.now())
    if (!cleared) throw new AppError('CONFLICT', DISPUTE_MESSAGES.noReview)
    const confirmationNumber = dispute.transactionId
      ? ((await findOrderContacts(tx, [dispute.transactionId])).get(dispute.transactionId)?.confirmationNumber ?? null)
      : null
    await recordAction(tx, {
      actorId: superAdmin.id,
      action: 'DISPUTE_REVIEW_CLEARED',
      targetType: 'user',
      targetId: dispute.userId,
      details: { disputeId: dispute.id, providerDisputeId: dispute.providerDisputeId, confirmationNumber, disputeStatus: dispute.status },
    })
    return { message: DISPUTE_MESSAGES.reviewCleared, dispute: disputeView(cleared, confirmationNumber) }
  })
}
