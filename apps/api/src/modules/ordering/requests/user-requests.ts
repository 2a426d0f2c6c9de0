import type { BatchPlace } from '@keydesk/contracts/batch-place'
import { ORDER_TAB_LIMIT } from '@keydesk/contracts/limits'
import { toDollars } from '@keydesk/contracts/money'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import type { DbExecutor } from '../../../db/database.ts'
import { openSealed } from '../../../lib/secret-box.ts'
import { fileLink } from '../../platform/index.ts'
import { findPaidKeycodeRefunds, refundView } from '../keycode-refunds/repository.ts'
import { countOutcomesOfBatchesOf, findBatchPlaces } from './batch-repository.ts'
import { findDashboardRequests } from './member-requests-repository.ts'

/**
 * GET /vehicle/user-requests: the signed-in user's requests by status (a PENDING one may still be unpaid, in the cart,
 * and says so with paid false). The keycode and PIN are decrypted for their owner only (they are encrypted at rest).
 * The paid orders' confirmation numbers come in the same query (the first paid order of each request).
 */
export async function listUserRequests(db: DbExecutor, userId: string, secretKey: Buffer) {
  const rows = await findDashboardRequests(db, userId)
  const views: (VehicleRequestView & { status: string })[] = rows.map((row) => ({
    id: row.id,
    make: { manufacturerName: row.makeName },
    model: row.model,
    year: row.year,
    vin: row.vin,
    status: row.status,
    price: toDollars(row.priceCents),
    keycodePrice: toDollars(row.priceCents),
    frontId: fileLink(row.frontIdFileId),
    backId: fileLink(row.backIdFileId),
    registration: fileLink(row.registrationFileId),
    keycode: row.keycodeEncrypted ? openSealed(row.keycodeEncrypted, secretKey) : null,
    pincode: row.pincodeEncrypted ? openSealed(row.pincodeEncrypted, secretKey) : null,
    keyBlank: row.keyBlank,
    transponder: row.transponder,
    createdAt: row.createdAt.toISOString(),
    paid: row.paidAt !== null,
    paidAt: row.paidAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    confirmationNumber: row.confirmationNumber,
  }))
  const shown = ['PENDING', 'INPROGRESS', 'FULFILLED', 'REFUNDED'].flatMap((status) =>
    views.filter((view) => view.status === status).slice(0, ORDER_TAB_LIMIT),
  )
  // The batch places of the orders shown and how far each batch is, so the dashboard can group a bulk order's requests;
  // read only when a shown order belongs to a batch, so a member without bulk orders pays for one statement only.
  const inBatch = new Set(rows.flatMap((row) => (row.batchId ? [row.id] : [])))
  const batchedIds = shown.flatMap((view) => (inBatch.has(view.id) ? [view.id] : []))
  const [places, outcomes] =
    batchedIds.length === 0
      ? [new Map<string, BatchPlace>(), new Map<string, { released: number; refunded: number }>()]
      : await Promise.all([findBatchPlaces(db, batchedIds), countOutcomesOfBatchesOf(db, batchedIds)])
  const batchOf = (id: string) => {
    const place = places.get(id)
    return place ? { ...place, ...(outcomes.get(place.code) ?? { released: 0, refunded: 0 }) } : null
  }
  const byStatus = (status: string) => shown.filter((view) => view.status === status).map((view) => ({ ...view, batch: batchOf(view.id) }))
  const refundedRequests = byStatus('REFUNDED')
  // Only an account with refunded orders pays this second read.
  const refunds = await findPaidKeycodeRefunds(
    db,
    refundedRequests.map((view) => view.id),
  )
  return {
    pendingRequests: byStatus('PENDING'),
    inProgressRequests: byStatus('INPROGRESS'),
    fulfilledRequests: byStatus('FULFILLED'),
    refundedRequests: refundedRequests.map((view) => ({ ...view, refund: refundView(refunds.get(view.id)) })),
  }
}
