import type { BillingPeriod, PaidTier } from '@keydesk/contracts/subscription'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { cartItems, carts } from '../../../db/schema/ordering.ts'

export type CartOwner = { userId: string } | { guestId: string }

const ownerCondition = (owner: CartOwner) => ('userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.guestId, owner.guestId))

/** The owner's cart, created on first use (one per user or guest: a unique index, not an if). */
export async function findOrCreateCart(db: DbExecutor, owner: CartOwner): Promise<string> {
  const [existing] = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).limit(1)
  if (existing) return existing.id
  const [created] = await db
    .insert(carts)
    .values('userId' in owner ? { userId: owner.userId } : { guestId: owner.guestId })
    .onConflictDoNothing()
    .returning({ id: carts.id })
  if (created) return created.id
  const [raced] = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).limit(1)
  if (!raced) throw new Error('cart could not be created')
  return raced.id
}

/** The ids of the keycode requests in the owner's cart. */
export async function listCartRequestIds(db: DbExecutor, owner: CartOwner): Promise<string[]> {
  const rows = await db
    .select({ id: cartItems.vehicleRequestId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(ownerCondition(owner))
  return rows.flatMap((row) => (row.id ? [row.id] : []))
}

/** The items of the owner's cart, oldest first: keycode requests by id, plans by tier and billing. */
export function listCartItemRows(db: DbExecutor, owner: CartOwner) {
  return db
    .select({
      id: cartItems.id,
      kind: cartItems.kind,
      subscriptionTier: cartItems.subscriptionTier,
      billing: cartItems.billing,
      vehicleRequestId: cartItems.vehicleRequestId,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(ownerCondition(owner))
    .orderBy(asc(cartItems.createdAt))
}

/** The item, when it is in this owner's cart. */
export async function findOwnedCartItem(db: DbExecutor, owner: CartOwner, itemId: string) {
  const [item] = await db
    .select({ id: cartItems.id, vehicleRequestId: cartItems.vehicleRequestId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), ownerCondition(owner)))
    .limit(1)
  return item
}

export async function deleteCartItem(db: DbExecutor, itemId: string) {
  await db.delete(cartItems).where(eq(cartItems.id, itemId))
}

export async function addRequestToCart(db: DbExecutor, cartId: string, vehicleRequestId: string) {
  await db.insert(cartItems).values({ cartId, kind: 'KEYCODE', vehicleRequestId })
}

/** Many keycode requests into one cart in one statement (a bulk order's batch). */
export async function addRequestsToCart(db: DbExecutor, cartId: string, vehicleRequestIds: string[]) {
  if (vehicleRequestIds.length === 0) return
  await db.insert(cartItems).values(vehicleRequestIds.map((vehicleRequestId) => ({ cartId, kind: 'KEYCODE' as const, vehicleRequestId })))
}

/** Puts a plan in the cart in place of any plan already there. */
export async function replaceCartPlan(db: DbExecutor, cartId: string, tier: PaidTier, billing: BillingPeriod) {
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.kind, 'SUBSCRIPTION')))
  await db.insert(cartItems).values({ cartId, kind: 'SUBSCRIPTION', subscriptionTier: tier, billing })
}

/** Takes the plan out of the user's cart once it is bought. */
export async function removePlanFromCart(db: DbExecutor, userId: string) {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1)
  if (cart) await db.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), eq(cartItems.kind, 'SUBSCRIPTION')))
}

/** Takes paid requests out of whichever carts hold them. */
export async function removeRequestsFromCarts(db: DbExecutor, requestIds: string[]) {
  await db.delete(cartItems).where(inArray(cartItems.vehicleRequestId, requestIds))
}
