import { toDollars } from '@keydesk/contracts/money'
import { PAYMENT_MESSAGES, type PaymentSession } from '@keydesk/contracts/payments'
import type { RequestStatus } from '@keydesk/contracts/request-status'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import { findTransactionOwner } from '../orders/repository.ts'
import { findRequestProgress } from '../requests/vehicle-reads-repository.ts'
import { type FulfilmentPorts, fulfilPayment } from './fulfilment.ts'

/** A paid keycode line's state and deadline, from its request as it stands now. */
const PAID_LINE_STATES = { PENDING: 'WAITING', INPROGRESS: 'IN_PROGRESS', FULFILLED: 'DELIVERED', REFUNDED: 'REFUNDED' } as const

function stateOf(request: { status: RequestStatus; dueAt: Date | null } | undefined) {
  if (!request) return {}
  return { state: PAID_LINE_STATES[request.status], dueAt: request.dueAt?.toISOString() ?? null }
}

/**
 * POST /api/payments/process-payment-success: asks the provider, never the browser, whether the session was
 * paid. An order placed by an account is shown only to that account; a guest's order to whoever holds its
 * session id (an unguessable 48-hex-digit secret handed to the payer's browser alone).
 */
export async function processPaymentSuccess(
  ports: FulfilmentPorts & Uses<'payments'>,
  callerId: string | null,
  id: string,
): Promise<PaymentSession> {
  const session = await ports.payments.retrieveSession(id)
  if (!session) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.unknownSession)
  const existing = await findTransactionOwner(ports.database.db, session.sessionId)
  if (!existing || (existing.userId !== null && existing.userId !== callerId)) {
    throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.unknownSession)
  }
  const { row } = await fulfilPayment(ports, session)
  const requestIds = row.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : []))
  const progress = new Map(
    (row.status === 'PAID' ? await findRequestProgress(ports.database.db, requestIds) : []).map((request) => [request.id, request]),
  )
  return {
    sessionId: session.sessionId,
    status: row.status,
    amount: toDollars(row.amountCents),
    confirmationNumber: row.confirmationNumber,
    items: row.items.map((item) => {
      const request = item.vehicleRequestId ? progress.get(item.vehicleRequestId) : undefined
      return {
        name: item.name,
        description: item.description,
        amount: toDollars(item.amountCents),
        ...(row.status !== 'PAID' ? {} : item.kind === 'SUBSCRIPTION' ? { state: 'PLAN_ACTIVE' as const } : stateOf(request)),
      }
    }),
    receiptEmail: row.customerEmail,
    message: PAYMENT_MESSAGES.success,
    // Guests have no dashboard; their order link arrives by e-mail.
    requestIds: row.userId ? row.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : [])) : [],
  }
}
