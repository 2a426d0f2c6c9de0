import { CART_MESSAGES, SUBSCRIPTION_CART_MESSAGES, subscriptionAddedMessage } from '@keydesk/contracts/cart'
import { type BillingPeriod, type PaidTier, TIER_LABELS } from '@keydesk/contracts/subscription'
import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import { isOnTeam, lockSubscriptionTier } from '../../accounts/index.ts'
import { deleteFileRows } from '../../platform/index.ts'
import { deleteUnpaidRequest } from '../requests/lifecycle-repository.ts'
import { canBuyTier } from '../subscriptions/access.ts'
import { startTrial } from '../subscriptions/service.ts'
import { listPricedCartItems } from './priced-items.ts'
import { type CartOwner, deleteCartItem, findOrCreateCart, findOwnedCartItem, replaceCartPlan } from './repository.ts'

/** GET /cart/items and /cart/items/public: the owner's cart as clients see it, without what only checkout needs. */
export async function readCart(ports: Uses<'database' | 'clock'>, owner: CartOwner) {
  const { items } = await listPricedCartItems(ports.database.db, owner, ports.clock.now())
  return items.map(
    ({
      vehicleRequestId: _request,
      amountCents: _cents,
      billing: _billing,
      pinCents: _pin,
      pinIncluded: _included,
      priceRule: _price,
      discountRule: _discount,
      batchCode: _batch,
      ...item
    }) => item,
  )
}

/**
 * DELETE /cart/remove/{id}: only an item of the caller's own cart. Removing an unpaid keycode request also
 * removes the request and its photos (nothing is kept that no order needs).
 */
export async function removeCartItem(ports: Uses<'database' | 'storage'>, owner: CartOwner, itemId: string) {
  const storageKeys = await ports.database.db.transaction(async (tx) => {
    const item = await findOwnedCartItem(tx, owner, itemId)
    if (!item) throw new AppError('NOT_FOUND', 'Cart item not found.')
    await deleteCartItem(tx, item.id)
    if (!item.vehicleRequestId) return []
    return deleteFileRows(tx, await deleteUnpaidRequest(tx, item.vehicleRequestId))
  })
  await Promise.all(storageKeys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return { message: CART_MESSAGES.removed }
}

/**
 * POST /cart/addSubscription with `trial: true` (docs/product.md, 'Plans, trial, the premium rule and
 * turnaround promises'): starts the free 3-day trial of that tier instead of selling the plan, so nothing payable goes into the cart; one trial per account, as /trial/start.
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
    const current = await lockSubscriptionTier(tx, userId)
    // A person on an Enterprise team holds the business's plan; one of their own would be paid for and never used.
    if (await isOnTeam(tx, userId)) throw new AppError('CONFLICT', TEAM_MESSAGES.planOfBusiness)
    if (!current || !canBuyTier(current, tier)) throw new AppError('CONFLICT', SUBSCRIPTION_CART_MESSAGES.alreadySubscribed)
    await replaceCartPlan(tx, await findOrCreateCart(tx, { userId }), tier, billing)
  })
  // The contract's '{tier} Subscription added…' with the tier as people say it ('Basic'), not its code.
  return { message: subscriptionAddedMessage(TIER_LABELS[tier]) }
}
