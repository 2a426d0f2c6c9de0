import { CART_MESSAGES, SUBSCRIPTION_CART_MESSAGES, subscriptionAddedMessage } from '@keydesk/contracts/cart'
import type { BillingPeriod, PaidTier } from '@keydesk/contracts/subscription'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { files } from '../../db/schema/files.ts'
import { cartItems, carts, vehicleRequests } from '../../db/schema/ordering.ts'
import { users } from '../../db/schema/users.ts'
import { AppError } from '../../errors.ts'
import type { Uses } from '../../ports.ts'
import { canBuyTier } from '../subscriptions/access.ts'
import { startTrial } from '../subscriptions/service.ts'
import { type CartOwner, findOrCreateCart } from './repository.ts'

/**
 * DELETE /cart/remove/{id}: only an item of the caller's own cart. Removing an unpaid keycode request also
 * removes the request and its photos (nothing is kept that no order needs).
 */
export async function removeCartItem(ports: Uses<'database' | 'storage'>, owner: CartOwner, itemId: string) {
  const ownerCondition = 'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.guestId, owner.guestId)
  const storageKeys = await ports.database.db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: cartItems.id, vehicleRequestId: cartItems.vehicleRequestId })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(cartItems.id, itemId), ownerCondition))
      .limit(1)
    if (!item) throw new AppError('NOT_FOUND', 'Cart item not found.')
    await tx.delete(cartItems).where(eq(cartItems.id, item.id))
    if (!item.vehicleRequestId) return []
    const [request] = await tx
      .delete(vehicleRequests)
      .where(and(eq(vehicleRequests.id, item.vehicleRequestId), isNull(vehicleRequests.paidAt)))
      .returning()
    const fileIds = [
      request?.frontIdFileId,
      request?.backIdFileId,
      request?.registrationFileId,
      request?.licenseFrontFileId,
      request?.licenseBackFileId,
    ].filter((id): id is string => Boolean(id))
    if (fileIds.length === 0) return []
    const removed = await tx.delete(files).where(inArray(files.id, fileIds)).returning({ key: files.storageKey })
    return removed.map((file) => file.key)
  })
  await Promise.all(storageKeys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return { message: CART_MESSAGES.removed }
}

/**
 * POST /cart/addSubscription with `trial: true` (docs/product.md §12 "and trial in one use"): starts the free 3-day trial of
 * that tier instead of selling the plan, so nothing payable goes into the cart; one trial per account, as /trial/start.
 */
export async function startTrialFromCart(ports: Uses<'database' | 'clock'>, userId: string, tier: PaidTier) {
  const { message } = await startTrial(ports, userId, tier)
  return { message }
}

/**
 * Puts one plan in the user's cart (replacing a plan already there). Refused when the user already holds that
 * tier or a higher one; a higher tier is an upgrade that replaces the running plan once paid.
 */
export async function addSubscriptionToCart(ports: Uses<'database'>, userId: string, tier: PaidTier, billing: BillingPeriod = 'MONTHLY') {
  await ports.database.db.transaction(async (tx) => {
    const [user] = await tx.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId)).for('update')
    if (!user || !canBuyTier(user.tier, tier)) throw new AppError('CONFLICT', SUBSCRIPTION_CART_MESSAGES.alreadySubscribed)
    const cartId = await findOrCreateCart(tx, { userId })
    await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.kind, 'SUBSCRIPTION')))
    await tx.insert(cartItems).values({ cartId, kind: 'SUBSCRIPTION', subscriptionTier: tier, billing })
  })
  return { message: subscriptionAddedMessage(tier) }
}
