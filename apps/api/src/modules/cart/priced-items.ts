import type { CartItem } from '@keydesk/contracts/cart'
import { toDollars } from '@keydesk/contracts/money'
import { planCharge } from '@keydesk/contracts/plan-prices'
import type { BillingPeriod, PaidTier, SubscriptionTier } from '@keydesk/contracts/subscription'
import type { DbExecutor } from '../../db/database.ts'
import { findMemberAccess } from '../auth/repository.ts'
import { findCartVehicles } from '../requests/repository.ts'
import { effectiveTier } from '../subscriptions/access.ts'
import { type CartOwner, listCartItemRows } from './repository.ts'

/** The tier the owner's prices follow: a paid plan, else a running trial (docs/product.md §11); guests pay standard prices. */
export async function findPricingTier(db: DbExecutor, owner: CartOwner, now: Date): Promise<SubscriptionTier> {
  if (!('userId' in owner)) return 'NONE'
  const member = await findMemberAccess(db, owner.userId)
  return member ? effectiveTier(member, now) : 'NONE'
}

/** What a plan line charges: planCharge's first charge; Enterprise is sold monthly only (AddSubscriptionBodySchema). */
export function planPriceCents(tier: PaidTier, billing: BillingPeriod): number {
  const charge = planCharge(tier, billing) ?? planCharge(tier, 'MONTHLY')
  return charge?.firstChargeCents ?? 0
}

export type PricedCartItem = CartItem & { vehicleRequestId: string | null; amountCents: number; billing: BillingPeriod }

/** Every item of the owner's cart still to pay, keycode requests and plans, each priced for this owner. */
export async function listPricedCartItems(db: DbExecutor, owner: CartOwner, now: Date): Promise<PricedCartItem[]> {
  const items = await listCartItemRows(db, owner)
  const requestIds = items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : []))
  const [vehicles, tier] = await Promise.all([findCartVehicles(db, requestIds), findPricingTier(db, owner, now)])
  const vehicleOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]))
  const isMember = tier !== 'NONE'
  return items.flatMap((item) => {
    const vehicle = item.vehicleRequestId ? vehicleOf.get(item.vehicleRequestId) : undefined
    // A paid request is never charged again, even while a cart still holds it.
    if (vehicle?.paidAt) return []
    // Members pay the catalogue's member price; 0 means "ask for pricing", so the standard price stands (docs/product.md §11).
    const memberCents = isMember && item.kind === 'KEYCODE' && vehicle?.memberPriceCents ? vehicle.memberPriceCents : null
    const cents =
      item.kind === 'SUBSCRIPTION' && item.subscriptionTier && item.subscriptionTier !== 'NONE'
        ? planPriceCents(item.subscriptionTier, item.billing)
        : (vehicle?.priceCents ?? 0)
    // What this owner pays for the line before the cart's tier discount; finalPrice says it to clients (docs/product.md §11).
    const amountCents = memberCents ?? cents
    return [
      {
        id: item.id,
        kind: item.kind,
        make: vehicle?.make ?? null,
        model: vehicle?.model ?? null,
        year: vehicle?.year ?? null,
        vinLast4: vehicle ? vehicle.vin.slice(-4) : null,
        subscriptionTier: item.subscriptionTier,
        standardPrice: toDollars(cents),
        finalPrice: toDollars(amountCents),
        price: toDollars(cents),
        isTemporary: 'guestId' in owner,
        vehicleRequestId: vehicle?.id ?? null,
        billing: item.billing,
        amountCents,
      },
    ]
  })
}
