import type { CartItem } from '@keydesk/contracts/cart'
import {
  ANNUAL_PRICE_CENTS,
  ANNUAL_SETUP_FEE_CENTS,
  type BillingPeriod,
  MONTHLY_PRICE_CENTS,
  type PaidTier,
  type SubscriptionTier,
} from '@keydesk/contracts/subscription'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { cartItems, carts, vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { findMemberAccess } from '../auth/repository.ts'
import { effectiveTier } from '../subscriptions/access.ts'

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

/** The tier the owner's prices follow: a paid plan, else a running trial (docs/product.md §11); guests pay standard prices. */
export async function findPricingTier(db: DbExecutor, owner: CartOwner, now: Date): Promise<SubscriptionTier> {
  if (!('userId' in owner)) return 'NONE'
  const member = await findMemberAccess(db, owner.userId)
  return member ? effectiveTier(member, now) : 'NONE'
}

/**
 * docs/product.md §11: monthly price, or the annual price; annual billing for non-Basic plans adds the setup fee.
 * Enterprise has no annual price in docs/product.md §11, so it is only sold monthly (AddSubscriptionBodySchema).
 */
export function planPriceCents(tier: PaidTier, billing: BillingPeriod): number {
  if (billing === 'MONTHLY' || tier === 'ENTERPRISE') return MONTHLY_PRICE_CENTS[tier]
  return ANNUAL_PRICE_CENTS[tier] + (tier === 'BASIC' ? 0 : ANNUAL_SETUP_FEE_CENTS)
}

export type PricedCartItem = CartItem & { vehicleRequestId: string | null; amountCents: number; billing: BillingPeriod }

/** Every item of the owner's cart, unpaid keycode requests and subscriptions, in one query. */
export async function listCartItemsForOwner(db: DbExecutor, owner: CartOwner, now: Date): Promise<PricedCartItem[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      kind: cartItems.kind,
      subscriptionTier: cartItems.subscriptionTier,
      billing: cartItems.billing,
      vehicleRequestId: vehicleRequests.id,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      vin: vehicleRequests.vin,
      priceCents: vehicleRequests.priceCents,
      memberPriceCents: vehicleMakes.memberPriceCents,
      paidAt: vehicleRequests.paidAt,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .leftJoin(vehicleRequests, eq(vehicleRequests.id, cartItems.vehicleRequestId))
    .leftJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .where(and(ownerCondition(owner), isNull(vehicleRequests.paidAt)))
    .orderBy(asc(cartItems.createdAt))
  const isMember = (await findPricingTier(db, owner, now)) !== 'NONE'
  return rows.map((row) => {
    // Members pay the catalogue's member price; 0 means "ask for pricing", so the standard price stands (docs/product.md §11).
    const memberCents = isMember && row.kind === 'KEYCODE' && row.memberPriceCents ? row.memberPriceCents : null
    const cents =
      row.kind === 'SUBSCRIPTION' && row.subscriptionTier && row.subscriptionTier !== 'NONE'
        ? planPriceCents(row.subscriptionTier, row.billing)
        : (row.priceCents ?? 0)
    // What this owner pays for the line before the cart's tier discount; finalPrice says it to clients (docs/product.md §11).
    const amountCents = memberCents ?? cents
    return {
      id: row.id,
      kind: row.kind,
      make: row.make,
      model: row.model,
      year: row.year,
      vinLast4: row.vin ? row.vin.slice(-4) : null,
      subscriptionTier: row.subscriptionTier,
      standardPrice: cents / 100,
      finalPrice: amountCents / 100,
      price: cents / 100,
      isTemporary: 'guestId' in owner,
      vehicleRequestId: row.vehicleRequestId,
      billing: row.billing,
      amountCents,
    }
  })
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
