import { batchPlaceText } from '@keydesk/contracts/batch-place'
import type { CartItem } from '@keydesk/contracts/cart'
import { type PricedKeycodeLine, priceKeycodeLines, priceNoteOf } from '@keydesk/contracts/keycode-prices'
import { toDollars } from '@keydesk/contracts/money'
import { planCharge } from '@keydesk/contracts/plan-prices'
import type { BillingPeriod, PaidTier } from '@keydesk/contracts/subscription'
import type { DbExecutor } from '../../../db/database.ts'
import { findBatchPlaces } from '../requests/batch-repository.ts'
import { findCartVehicles } from '../requests/vehicle-reads-repository.ts'
import { findMemberHolding, type PricedHolding } from '../subscriptions/member-holding.ts'
import { type CartOwner, listCartItemRows } from './repository.ts'

/** What a plan line charges: planCharge's first charge; Enterprise is sold monthly only (AddSubscriptionBodySchema). */
export function planPriceCents(tier: PaidTier, billing: BillingPeriod): number {
  const charge = planCharge(tier, billing) ?? planCharge(tier, 'MONTHLY')
  return charge?.firstChargeCents ?? 0
}

export type PricedCartItem = CartItem &
  Omit<PricedKeycodeLine, 'standardCents'> & {
    vehicleRequestId: string | null
    amountCents: number
    billing: BillingPeriod
    /** The code of the bulk order's batch the line belongs to. */
    batchCode: string | null
  }

/**
 * Every item of the owner's cart still to pay, keycode requests and plans, each priced for this owner by the one rule
 * of keycode-prices.ts: the cart answers it, and the checkout charges it.
 */
export async function listPricedCartItems(
  db: DbExecutor,
  owner: CartOwner,
  now: Date,
): Promise<{ holding: PricedHolding; items: PricedCartItem[] }> {
  const rows = await listCartItemRows(db, owner)
  const requestIds = rows.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : []))
  // What decides this owner's prices: a paid plan, else a running trial (docs/decisions/021); guests pay standard prices.
  const [vehicles, holding, batchPlaces] = await Promise.all([
    findCartVehicles(db, requestIds),
    findMemberHolding(db, 'userId' in owner ? owner.userId : null, now, { prices: true }),
    findBatchPlaces(db, requestIds),
  ])
  const vehicleOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]))
  // A paid request is never charged again, even while a cart still holds it.
  const unpaid = rows.filter((item) => !(item.vehicleRequestId && vehicleOf.get(item.vehicleRequestId)?.paidAt))
  const keycodeRows = unpaid.filter((item) => item.kind === 'KEYCODE')
  const keycodePrices = priceKeycodeLines(
    keycodeRows.map((item) => {
      const vehicle = item.vehicleRequestId ? vehicleOf.get(item.vehicleRequestId) : undefined
      return {
        make: vehicle?.make ?? '',
        baseCents: vehicle?.priceCents ?? 0,
        memberCents: vehicle?.memberPriceCents ?? 0,
        requiresPin: vehicle?.requiresPin ?? false,
      }
    }),
    holding.priceHolder,
  )
  const priceOf = new Map(keycodeRows.map((item, index) => [item.id, keycodePrices[index]]))
  const items = unpaid.map((item): PricedCartItem => {
    const vehicle = item.vehicleRequestId ? vehicleOf.get(item.vehicleRequestId) : undefined
    const keycode = priceOf.get(item.id)
    const planCents = item.subscriptionTier && item.subscriptionTier !== 'NONE' ? planPriceCents(item.subscriptionTier, item.billing) : 0
    const line: PricedKeycodeLine = keycode ?? {
      standardCents: planCents,
      pinCents: 0,
      pinIncluded: false,
      amountCents: planCents,
      priceRule: 'STANDARD',
      discountPercent: 0,
      discountRule: 'NONE',
    }
    const { standardCents, ...pricing } = line
    const batch = item.vehicleRequestId ? batchPlaces.get(item.vehicleRequestId) : undefined
    return {
      id: item.id,
      kind: item.kind,
      make: vehicle?.make ?? null,
      model: vehicle?.model ?? null,
      year: vehicle?.year ?? null,
      vinLast4: vehicle ? vehicle.vin.slice(-4) : null,
      subscriptionTier: item.subscriptionTier,
      standardPrice: toDollars(standardCents),
      finalPrice: toDollars(line.amountCents),
      price: toDollars(standardCents),
      isTemporary: 'guestId' in owner,
      pinCharge: toDollars(line.pinCents),
      priceNote: keycode ? priceNoteOf(keycode, holding.priceHolder) : 'Plan price, never discounted',
      batch: batch ? batchPlaceText(batch) : null,
      vehicleRequestId: vehicle?.id ?? null,
      batchCode: batch?.code ?? null,
      billing: item.billing,
      ...pricing,
    }
  })
  return { holding, items }
}
