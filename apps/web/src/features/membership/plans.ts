import { planCharge } from '@keydesk/contracts/plan-prices'
import type { PaidTier, SubscriptionTier } from '@keydesk/contracts/subscription'

export type Billing = 'monthly' | 'annual'

export interface PlanCard {
  tier: SubscriptionTier
  name: string
  /** Cents per period, or null when the tier has no price for that billing (docs/product.md, 'Cart' lists only some annual prices). */
  priceCents: (billing: Billing) => number | null
  setupFeeCents: (billing: Billing) => number
  benefits: string[]
}

const BILLING = { monthly: 'MONTHLY', annual: 'ANNUAL' } as const
/** The card shows what the checkout charges: the same planCharge. */
const priceOf = (tier: PaidTier) => (billing: Billing) => planCharge(tier, BILLING[billing])?.periodCents ?? null
const setupFeeOf = (tier: PaidTier) => (billing: Billing) => planCharge(tier, BILLING[billing])?.setupFeeCents ?? 0

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': four tier cards with the prices of docs/product.md, 'Cart' and their benefits. */
export const PLAN_CARDS: PlanCard[] = [
  {
    tier: 'NONE',
    name: 'Pay as you go',
    priceCents: () => 0,
    setupFeeCents: () => 0,
    benefits: ['Non-member keycode prices', 'No monthly fee', 'Support by e-mail'],
  },
  {
    tier: 'BASIC',
    name: 'Basic',
    priceCents: priceOf('BASIC'),
    setupFeeCents: setupFeeOf('BASIC'),
    benefits: [
      '15% off 1 keycode order per month',
      'Limited vehicle access (Ford, Nissan, Chevy)',
      'Support in 24-48 hours',
      'Processing in 3-24 hours',
    ],
  },
  {
    tier: 'PROFESSIONAL',
    name: 'Professional',
    priceCents: priceOf('PROFESSIONAL'),
    setupFeeCents: setupFeeOf('PROFESSIONAL'),
    benefits: ['20% off every keycode', 'Priority support in 4-8 hours', 'Bulk up to 20 codes', 'Processing in 30 minutes to 1 hour'],
  },
  {
    tier: 'ENTERPRISE',
    name: 'Enterprise',
    priceCents: priceOf('ENTERPRISE'),
    setupFeeCents: setupFeeOf('ENTERPRISE'),
    benefits: ['25% off every keycode', '24/7 support', 'Unlimited bulk', 'Processing in 15-30 minutes', 'Multi-location'],
  },
]

const TIER_ORDER: SubscriptionTier[] = ['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE']

/** A plan can be bought by a member without one, or as an upgrade to a higher tier (as the server allows). */
export const isHigherTier = (wanted: SubscriptionTier, current: SubscriptionTier) =>
  TIER_ORDER.indexOf(wanted) > TIER_ORDER.indexOf(current)

export const planName = (tier: SubscriptionTier) => PLAN_CARDS.find((plan) => plan.tier === tier)?.name ?? tier
