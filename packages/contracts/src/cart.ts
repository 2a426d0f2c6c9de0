import { z } from 'zod'
import { BillingPeriodSchema, SubscriptionTierSchema } from './subscription.ts'

/**
 * A cart line (docs/product.md, 'Catalogue, ordering and cart'). Prices are dollars (the UI's unit); the server keeps cents and converts once.
 * standardPrice is the line's list price (the non-member price, or the plan's price); finalPrice is what the line
 * costs this owner before any discount (the member price for a member or trial user, the PIN charge included for
 * buyers without a plan). Both are always numbers. Each line also says the discount it takes: a client that sums
 * finalPrice less each line's discountPercent gets the amount checkout accepts; the tier's one discount on every
 * line gives the same amount except where Basic's limits apply (docs/decisions/021).
 */
export const CartItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['KEYCODE', 'SUBSCRIPTION']),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().nullable(),
  vinLast4: z.string().nullable(),
  subscriptionTier: SubscriptionTierSchema.nullable(),
  /** A plan line's billing, so the line reads by the plan's one name (planLineName); null for a keycode. */
  billing: BillingPeriodSchema.nullable().optional(),
  standardPrice: z.number(),
  finalPrice: z.number(),
  price: z.number().nullable(),
  isTemporary: z.boolean(),
  /** The PIN charge inside finalPrice, in dollars (0 for members and makes without a PIN). */
  pinCharge: z.number().optional(),
  /** The discount this line takes at checkout, in percent, decided per line (docs/decisions/021). */
  discountPercent: z.number().optional(),
  /** Which rule priced the line, in words, shown beside it before the buyer pays. */
  priceNote: z.string().optional(),
  /** A bulk order's line: its place in the batch, "3 of 20, batch B-7K2QX4" (null for a single request or a plan). */
  batch: z.string().nullable().optional(),
})
export type CartItem = z.infer<typeof CartItemSchema>
export const CartItemsAnswerSchema = z.array(CartItemSchema)

/** A guest names its cart by guestUserId here, or is known by the guest cookie set when it filed its request. */
export const GuestCartQuerySchema = z.object({ guestUserId: z.uuid().optional() })

export const CART_MESSAGES = {
  fetchFailed: 'Failed to fetch cart items. Please try again.',
  removeFailed: 'Failed to remove item. Please try again.',
  removed: 'Item removed from cart successfully!',
  requestRemoved: 'Vehicle request removed successfully!',
  requestCleared: 'Vehicle request cleared successfully!',
  unpaidKept: (days: number) =>
    `Unpaid keycode requests are kept for ${days} days after their last change, then removed with their photos. A request in a checkout that can still be paid is kept.`,
} as const

/** POST /cart/addSubscription (docs/product.md, 'Plans, trial and compliance'): a plan into the cart; only while the current tier is NONE. */
export const AddSubscriptionBodySchema = z
  .object({
    tier: z.enum(['BASIC', 'PROFESSIONAL', 'ENTERPRISE']),
    trial: z.boolean().optional(),
    billing: BillingPeriodSchema.default('MONTHLY'),
  })
  // docs/product.md, 'Cart', gives annual prices for Basic and Professional only.
  .refine((body) => !(body.tier === 'ENTERPRISE' && body.billing === 'ANNUAL'), {
    message: 'Enterprise is billed monthly.',
    path: ['billing'],
  })
export const subscriptionAddedMessage = (tier: string) => `${tier} Subscription added to your cart successfully!`
export const SUBSCRIPTION_CART_MESSAGES = {
  addFailed: 'Failed to add subscription. Please try again.',
  alreadySubscribed: 'You already have a subscription.',
} as const
