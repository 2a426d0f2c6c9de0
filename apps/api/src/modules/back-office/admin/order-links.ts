import { type GuestProblemReportBody, ORDER_LINK_MESSAGES, ORDER_LINK_TTL_DAYS, type OrderLinkView } from '@keydesk/contracts/order-link'
import type { ProblemReportCreated } from '@keydesk/contracts/problem-reports'
import { DAY_MS } from '@keydesk/contracts/time'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { digest, newOpaqueToken } from '../../../lib/opaque-tokens.ts'
import { decryptSecret } from '../../../lib/secret-box.ts'
import type { Uses } from '../../../ports.ts'
import {
  fileProblemReport,
  findFirstPaidOrders,
  findLinkedVehicles,
  findPaidKeycodeRefunds,
  findReportsOfRequests,
  problemReportView,
  refundView,
} from '../../ordering/index.ts'
import { recordAction } from '../../platform/index.ts'
import { findLiveLink, insertOrderLink } from './order-link-repository.ts'
import { addReleaseChannel } from './repository.ts'

/**
 * A new link to one order: 256 random bits, of which only the SHA-256 is stored. The address puts the token in the
 * fragment, which browsers never send to a server, so it stays out of access logs and Referer headers.
 */
export async function createOrderLink(db: DbExecutor, publicUrl: string, vehicleRequestId: string, now: Date) {
  const token = newOpaqueToken()
  const expiresAt = new Date(now.getTime() + ORDER_LINK_TTL_DAYS * DAY_MS)
  await insertOrderLink(db, { tokenHash: digest(token), vehicleRequestId, expiresAt })
  return { url: `${publicUrl}/order-link#${token}`, expiresAt }
}

/** The one order a live link points at: the link, its request, the order that paid for it; null when not live. */
async function findOrderByLink(db: DbExecutor, tokenHash: string, now: Date) {
  const link = await findLiveLink(db, tokenHash, now)
  if (!link) return null
  const [request] = await findLinkedVehicles(db, [link.vehicleRequestId])
  if (!request) return null
  const order = (await findFirstPaidOrders(db, [request.id])).get(request.id)
  return { ...request, vehicleRequestId: request.id, linkExpiresAt: link.expiresAt, confirmationNumber: order?.confirmationNumber ?? null }
}

/**
 * POST /order-link: the order behind a live token, with its keycode once fulfilled. Unknown and expired tokens get
 * the same answer. Each showing of a keycode adds the guest link to the release's channels and is logged as the
 * guest viewing its order (ORDER_LINK_VIEWED): the release itself was the admin's, logged once when it happened.
 */
export async function openOrderLink(
  ports: Uses<'database' | 'clock' | 'secretKey'>,
  token: string,
  clientAddress: string,
): Promise<OrderLinkView> {
  const now = ports.clock.now()
  const order = await findOrderByLink(ports.database.db, digest(token), now)
  if (!order) throw new AppError('NOT_FOUND', ORDER_LINK_MESSAGES.invalid)
  const keycode = order.keycodeEncrypted ? decryptSecret(order.keycodeEncrypted, ports.secretKey) : null
  if (keycode !== null) {
    await ports.database.db.transaction(async (tx) => {
      await addReleaseChannel(tx, order.vehicleRequestId, 'guest-link')
      await recordAction(tx, {
        actorId: null,
        action: 'ORDER_LINK_VIEWED',
        targetType: 'vehicle_request',
        targetId: order.vehicleRequestId,
        details: { channel: 'guest-link', confirmationNumber: order.confirmationNumber, clientAddress },
      })
    })
  }
  const reports = (await findReportsOfRequests(ports.database.db, [order.vehicleRequestId])).get(order.vehicleRequestId) ?? []
  return {
    confirmationNumber: order.confirmationNumber,
    status: order.status,
    year: order.year,
    make: order.make,
    model: order.model,
    vinLast4: order.vin.slice(-4),
    keycode,
    pincode: order.pincodeEncrypted ? decryptSecret(order.pincodeEncrypted, ports.secretKey) : null,
    fulfilledAt: order.fulfilledAt?.toISOString() ?? null,
    keyBlank: order.keyBlank,
    transponder: order.transponder,
    linkExpiresAt: order.linkExpiresAt.toISOString(),
    refund:
      order.status === 'REFUNDED'
        ? refundView((await findPaidKeycodeRefunds(ports.database.db, [order.vehicleRequestId])).get(order.vehicleRequestId))
        : null,
    problemReports: reports.map(problemReportView),
  }
}

/** POST /order-link/problem-reports: the guest holding a live link reports a problem with that one order. */
export async function reportProblemFromLink(
  ports: Uses<'database' | 'clock'>,
  body: GuestProblemReportBody,
): Promise<ProblemReportCreated> {
  const link = await findLiveLink(ports.database.db, digest(body.token), ports.clock.now())
  if (!link) throw new AppError('NOT_FOUND', ORDER_LINK_MESSAGES.invalid)
  return fileProblemReport(ports, { userId: null }, link.vehicleRequestId, { reason: body.reason, message: body.message })
}
