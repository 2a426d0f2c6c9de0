import { KEYCODE_REFUND_REASONS } from '@keydesk/contracts/keycode-refunds'
import {
  monthBounds,
  monthReceiptsFileName,
  type PaymentReceipt,
  type PaymentsAnswer,
  RECEIPT_MESSAGES,
  type ReceiptRefund,
  receiptFileName,
  receiptTotals,
} from '@keydesk/contracts/receipts'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../../../errors.ts'
import type { Database } from '../../../ports.ts'
import { findBusinessNames, findLocationNames, findReceiptBuyer } from '../../accounts/index.ts'
import { listPaidKeycodeRefundsOfOrders } from '../keycode-refunds/repository.ts'
import {
  countPaidOrders,
  findPaidOrderOf,
  findPaidOrderPage,
  findPaidOrdersBetween,
  type PaidOrderRow,
} from '../orders/receipt-repository.ts'
import { findOrderPlaces } from '../requests/business-orders-repository.ts'
import { listPaidPlanRefundsOfOrders } from '../subscriptions/refund-repository.ts'
import { monthReceiptsCsv, NO_PLACE, type PlacedReceipt, type ReceiptRowPlace } from './receipt-csv.ts'
import { type ReceiptBuyer, writeReceiptPdf } from './receipt-pdf.ts'

/**
 * docs/product.md, 'Receipts': what each of these paid orders states, with the refunds paid on it (two reads for the
 * whole list, never one per order).
 */
async function toReceipts(db: Database, orders: PaidOrderRow[]): Promise<PaymentReceipt[]> {
  return (await toPlacedReceipts(db, orders)).map(({ receipt }) => receipt)
}

/**
 * The receipts, each with the business and location every line and every refund was ordered for (docs/decisions/039;
 * none for a plan or an order of one's own), in the order of the receipt's lines and refunds: the month's CSV names
 * them on each row.
 */
async function toPlacedReceipts(db: Database, orders: PaidOrderRow[]): Promise<PlacedReceipt[]> {
  const ids = orders.map((order) => order.id)
  const [keycodeRefunds, planRefunds, { byOrder: orderedFor, placeOfRequest }] = await Promise.all([
    listPaidKeycodeRefundsOfOrders(db, ids),
    listPaidPlanRefundsOfOrders(db, ids),
    orderedForOf(db, orders),
  ])
  const placeOf = (requestId: string | null | undefined) => (requestId ? placeOfRequest.get(requestId) : undefined) ?? NO_PLACE
  const refundsByOrder = new Map<string, { refund: ReceiptRefund; place: ReceiptRowPlace }[]>()
  const add = (transactionId: string | null, refund: ReceiptRefund, requestId: string | null = null) => {
    if (!transactionId) return
    refundsByOrder.set(transactionId, [...(refundsByOrder.get(transactionId) ?? []), { refund, place: placeOf(requestId) }])
  }
  const lineName = (order: PaidOrderRow | undefined, requestId: string | null) =>
    order?.items.find((item) => item.vehicleRequestId === requestId)?.name ?? 'Keycode'
  const orderById = new Map(orders.map((order) => [order.id, order]))
  for (const refund of keycodeRefunds) {
    add(
      refund.transactionId,
      {
        what: `${lineName(orderById.get(refund.transactionId ?? ''), refund.vehicleRequestId)}: ${KEYCODE_REFUND_REASONS[refund.reason]}`,
        refundedAt: (refund.refundedAt ?? refund.createdAt).toISOString(),
        amountCents: refund.amountCents,
      },
      refund.vehicleRequestId,
    )
  }
  for (const refund of planRefunds) {
    const plan = orderById.get(refund.transactionId ?? '')?.items.find((item) => item.kind === 'SUBSCRIPTION')
    add(refund.transactionId, {
      what: `${plan?.name ?? 'Plan'}: refunded under the Refund Policy`,
      refundedAt: (refund.refundedAt ?? refund.createdAt).toISOString(),
      amountCents: refund.amountCents,
    })
  }
  return orders.map((order) => {
    const placedRefunds = refundsByOrder.get(order.id) ?? []
    const refunds = placedRefunds.map(({ refund }) => refund)
    const receipt: PaymentReceipt = {
      id: order.id,
      confirmationNumber: order.confirmationNumber,
      paidAt: (order.paidAt ?? order.createdAt).toISOString(),
      currency: order.currency,
      lines: order.items.map((item) => ({
        kind: item.kind,
        name: item.name,
        description: item.description,
        priceRule: item.kind === 'SUBSCRIPTION' ? item.description : (item.pricing?.note ?? null),
        amountCents: item.amountCents,
      })),
      refunds,
      ...receiptTotals(order.amountCents, refunds),
      orderedFor: orderedFor.get(order.id) ?? null,
    }
    return {
      receipt,
      linePlaces: order.items.map((item) => placeOf(item.vehicleRequestId)),
      refundPlaces: placedRefunds.map(({ place }) => place),
    }
  })
}

/**
 * The business and locations each order's keycodes were placed for (docs/decisions/039): three reads for the whole
 * list. An order holds the keycodes of one business, as a person orders for one.
 */
async function orderedForOf(db: Database, orders: PaidOrderRow[]) {
  const requestIds = orders.flatMap((order) => order.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : [])))
  const places = new Map((await findOrderPlaces(db, requestIds)).map((place) => [place.id, place]))
  const [businesses, locations] = await Promise.all([
    findBusinessNames(
      db,
      [...places.values()].flatMap((place) => (place.businessId ? [place.businessId] : [])),
    ),
    findLocationNames(db, [...new Set([...places.values()].flatMap((place) => (place.locationId ? [place.locationId] : [])))]),
  ])
  const placeOfRequest = new Map<string, ReceiptRowPlace>()
  for (const [requestId, place] of places) {
    if (!place.businessId) continue
    const location = place.locationId ? (locations.get(place.locationId) ?? '') : ''
    placeOfRequest.set(requestId, { business: businesses.get(place.businessId) ?? '', location })
  }
  const byOrder = new Map<string, { business: string; locations: string[] }>()
  for (const order of orders) {
    const placed = order.items.flatMap((item) => {
      const place = item.vehicleRequestId ? places.get(item.vehicleRequestId) : undefined
      return place?.businessId ? [place] : []
    })
    const first = placed[0]
    if (!first?.businessId) continue
    const names = [...new Set(placed.flatMap((place) => (place.locationId ? [locations.get(place.locationId) ?? ''] : [])))].filter(Boolean)
    byOrder.set(order.id, { business: businesses.get(first.businessId) ?? '', locations: names })
  }
  return { byOrder, placeOfRequest }
}

/** GET /user/payments: one page of the member's paid orders as receipts, newest first. */
export async function readPayments(db: Database, userId: string, page: number, pageSize: number): Promise<PaymentsAnswer> {
  const [total, rows] = await Promise.all([countPaidOrders(db, userId), findPaidOrderPage(db, userId, pageSize, (page - 1) * pageSize)])
  return { payments: await toReceipts(db, rows), total, page, pageSize }
}

/** One receipt of the member's; another member's payment, an unpaid one or an unknown id is not found. */
export async function readReceipt(db: Database, userId: string, transactionId: string): Promise<PaymentReceipt> {
  const order = await findPaidOrderOf(db, userId, transactionId)
  if (!order) throw notFound(RECEIPT_MESSAGES.notFound)
  const [receipt] = await toReceipts(db, [order])
  return receipt as PaymentReceipt
}

async function receiptBuyer(db: Database, userId: string): Promise<ReceiptBuyer> {
  const buyer = await findReceiptBuyer(db, userId)
  if (!buyer) throw notFound(RECEIPT_MESSAGES.notFound)
  return buyer
}

/** The receipt as a PDF document, with its file name. */
export async function receiptPdf(app: FastifyInstance, userId: string, transactionId: string) {
  const db = app.database.db
  const [receipt, buyer] = await Promise.all([readReceipt(db, userId, transactionId), receiptBuyer(db, userId)])
  return {
    fileName: receiptFileName(receipt.confirmationNumber),
    document: writeReceiptPdf(receipt, buyer, app.config.sellerAddress),
  }
}

/** The month's receipts as CSV, one row per line and per refund (a calendar month in UTC), each naming the business and location it was ordered for. */
export async function monthReceipts(db: Database, userId: string, month: string) {
  const { from, to } = monthBounds(month)
  const receipts = await toPlacedReceipts(db, await findPaidOrdersBetween(db, userId, from, to))
  return { fileName: monthReceiptsFileName(month), csv: monthReceiptsCsv(receipts) }
}
