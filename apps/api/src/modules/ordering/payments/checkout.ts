import { type CreateCheckoutSessionBody, PAYMENT_MESSAGES } from '@keydesk/contracts/payments'
import type { DbExecutor } from '../../../db/database.ts'
import type { TransactionItem } from '../../../db/schema/payments.ts'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import { assertMayOrderFor, findUserEmail } from '../../accounts/index.ts'
import { listPricedCartItems } from '../cart/priced-items.ts'
import { type CartOwner, listCartRequestIds } from '../cart/repository.ts'
import { deleteTransaction, insertTransaction, setProviderSession } from '../orders/repository.ts'
import { lockRequests } from '../requests/lifecycle-repository.ts'
import { findVehicles } from '../requests/vehicle-reads-repository.ts'
import { checkoutLines } from './checkout-lines.ts'
import { newConfirmationNumber } from './confirmation-number.ts'
import { CHECKOUT_SESSION_TTL_MS } from './open-checkouts.ts'
import { providerLines } from './provider-lines.ts'

/**
 * Return addresses are accepted only on our own origins, so a checkout cannot send a payer to another site.
 * With PUBLIC_URL set (production) that is PUBLIC_URL and CORS_ORIGINS only; without it (development) the origin
 * the request was sent to counts too, so the app works from any address of the machine.
 */
export function assertOwnOrigin(ports: Uses<'config'>, requestOrigin: string | null, ...urls: string[]) {
  const own = new Set([new URL(ports.config.publicUrl).origin, ...ports.config.corsOrigins.map((origin) => new URL(origin).origin)])
  if (!ports.config.publicUrlConfigured && requestOrigin) own.add(requestOrigin)
  for (const url of urls) {
    if (!own.has(new URL(url).origin)) throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.foreignUrl)
  }
}

/**
 * POST /api/payments/create-checkout-session: charges what the server's cart says. The amount the browser sent
 * must match it (else the customer would pay a total they did not see); the transaction row is written before
 * the provider is called and removed again if the provider fails, so nothing is left half-made. The cart is priced
 * and its lines recorded in the one database transaction that locks the cart's requests: a vehicle change either
 * finished before (and this checkout prices the changed vehicle) or waits and then finds this checkout open.
 */
export async function createCheckoutSession(
  ports: Uses<'database' | 'clock' | 'payments' | 'log'>,
  owner: CartOwner,
  body: CreateCheckoutSessionBody,
) {
  const db = ports.database.db
  const now = ports.clock.now()
  const customerEmail = 'userId' in owner ? ((await findUserEmail(db, owner.userId)) ?? null) : null
  const confirmationNumber = newConfirmationNumber()
  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS)
  const { transaction, totalCents, lines } = await db.transaction(async (tx) => {
    // Locking the cart's requests also makes two checkouts of one cart decide one after the other whether Basic's
    // monthly discount is still unused (docs/decisions/021): the discount needs a covered request, which both hold.
    const requests = await lockRequests(tx, await listCartRequestIds(tx, owner))
    // An order placed for an Enterprise business is paid only by someone still ordering for it (docs/decisions/039).
    if ('userId' in owner) await assertMayOrderFor(tx, owner.userId, requests)
    // What the buyer holds when the checkout opens prices its keycodes and sets their deadline (docs/decisions/016,
    // 021); guests hold nothing. A plan bought in the same checkout counts from its payment on, for later orders.
    const { holding, items } = await listPricedCartItems(tx, owner, now)
    if (items.length === 0) throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.emptyCart)
    const { totalCents, lines } = checkoutLines(items, holding.priceHolder.tier)
    if (body.amount !== totalCents) throw new AppError('CONFLICT', PAYMENT_MESSAGES.amountChanged)
    await attachVehicles(tx, lines)
    const transaction = await insertTransaction(
      tx,
      {
        confirmationNumber,
        userId: 'userId' in owner ? owner.userId : null,
        guestId: 'guestId' in owner ? owner.guestId : null,
        customerEmail,
        amountCents: totalCents,
        items: lines,
        provider: ports.payments.name,
        expiresAt,
        usesBasicDiscount: items.some((item) => item.discountRule === 'BASIC_MONTHLY'),
        // By the app's clock, like the plan months it is counted in.
        createdAt: now,
        servicePlan: holding.servicePlan,
      },
      lines.flatMap((line) => (line.vehicleRequestId ? [line.vehicleRequestId] : [])),
    )
    return { transaction, totalCents, lines }
  })

  let session: { sessionId: string; url: string }
  try {
    session = await ports.payments.createCheckoutSession({
      transactionId: transaction.id,
      confirmationNumber,
      amountCents: totalCents,
      lines: providerLines(lines),
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      customerEmail,
      expiresAt,
    })
  } catch (error) {
    ports.log.error({ err: error, transactionId: transaction.id }, 'payment provider refused to create a checkout session')
    await deleteTransaction(db, transaction.id)
    throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.createFailed)
  }
  await setProviderSession(db, transaction.id, session.sessionId)
  return { url: session.url, sessionId: session.sessionId, confirmationNumber }
}

/** Each keycode line records the vehicle it pays for, so the amount and the vehicle are kept together. */
async function attachVehicles(tx: DbExecutor, lines: TransactionItem[]) {
  const requestIds = lines.flatMap((line) => (line.vehicleRequestId ? [line.vehicleRequestId] : []))
  if (requestIds.length === 0) return
  const vehicles = await findVehicles(tx, requestIds)
  const byId = new Map(vehicles.map(({ id, ...vehicle }) => [id, vehicle]))
  for (const line of lines) {
    const vehicle = line.vehicleRequestId ? byId.get(line.vehicleRequestId) : undefined
    if (vehicle) line.vehicle = vehicle
  }
}
