import type { OrderTracker } from '@keydesk/contracts/vehicle-request'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { countDocuments, isUserValidated } from '../../accounts/index.ts'
import { countPaidRequestsInWork, findOwnRequestStatus } from './member-requests-repository.ts'

/**
 * The tracker steps, in three indexed lookups. Each step is true only once it has happened: the account and the
 * documents are the member's; with a requestId, PROCESSING and COMPLETED are that order's own (started, fulfilled),
 * an unpaid request lights nothing, and another member's order answers like a missing one.
 */
export async function readOrderTracker(db: DbExecutor, userId: string, requestId?: string): Promise<OrderTracker> {
  const validated = await isUserValidated(db, userId)
  const documents = await countDocuments(db, userId)
  const docsApproved = documents.total > 0 && documents.total === documents.approved
  if (requestId) {
    const order = await findOwnRequestStatus(db, userId, requestId)
    if (!order) throw new AppError('NOT_FOUND', 'Vehicle request not found.')
    // A request still in the cart has not been submitted: no step of it has happened, whatever the account's state.
    if (!order.paid) return { ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false }
    const { status } = order
    return { ACCOUNT: validated, DOCS: docsApproved, PROCESSING: status !== 'PENDING', COMPLETED: status === 'FULFILLED' }
  }
  const orders = await countPaidRequestsInWork(db, userId)
  return { ACCOUNT: validated, DOCS: docsApproved, PROCESSING: orders.inProgress > 0, COMPLETED: orders.fulfilled > 0 }
}
