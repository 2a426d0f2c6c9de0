import { planBenefits } from '@keydesk/contracts/plan-benefits'
import { planCharge } from '@keydesk/contracts/plan-prices'
import { type PaidTier, type SubscriptionTier, TIER_LABELS } from '@keydesk/contracts/subscription'

export type Billing = 'monthly' | 'annual'

export interface PlanCard {
  tier: SubscriptionTier
  name: string
  /** Cents per period, or null when the tier has no price for that billing (docs/product.md, 'Cart' lists only some annual prices). */
  priceCents: (billing: Billing) => number | null
  setupFeeCents: (billing: Billing) => number
  benefits: string[]
}

export const PAID_TIERS: PaidTier[] = ['BASIC', 'PROFESSIONAL', 'ENTERPRISE']
const BILLING = { monthly: 'MONTHLY', annual: 'ANNUAL' } as const
/** The card shows what the checkout charges: the same planCharge. */
const priceOf = (tier: PaidTier) => (billing: Billing) => planCharge(tier, BILLING[billing])?.periodCents ?? null
const setupFeeOf = (tier: PaidTier) => (billing: Billing) => planCharge(tier, BILLING[billing])?.setupFeeCents ?? 0

/**
 * docs/product.md, 'Plans, trial, the premium rule and turnaround promises': four tier cards with the prices of
 * docs/product.md, 'Cart', each benefit stated by the rule the server runs (planBenefits, docs/decisions/029).
 */
export const PLAN_CARDS: PlanCard[] = [
  { tier: 'NONE', name: 'Pay as you go', priceCents: () => 0, setupFeeCents: () => 0, benefits: planBenefits('NONE') },
  ...PAID_TIERS.map((tier) => ({
    tier,
    name: TIER_LABELS[tier],
    priceCents: priceOf(tier),
    setupFeeCents: setupFeeOf(tier),
    benefits: planBenefits(tier),
  })),
]

const TIER_ORDER: SubscriptionTier[] = ['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE']

/** A plan can be bought by a member without one, or as an upgrade to a higher tier (as the server allows). */
export const isHigherTier = (wanted: SubscriptionTier, current: SubscriptionTier) =>
  TIER_ORDER.indexOf(wanted) > TIER_ORDER.indexOf(current)

export const planName = (tier: SubscriptionTier) => PLAN_CARDS.find((plan) => plan.tier === tier)?.name ?? tier
