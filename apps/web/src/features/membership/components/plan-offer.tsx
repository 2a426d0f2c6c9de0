import { formatDollars } from '@keydesk/contracts/money'
import { annualSaving } from '@keydesk/contracts/plan-prices'
import type { PaidTier, SubscriptionTier } from '@keydesk/contracts/subscription'
import { Button } from '../../../components/ui/button.tsx'
import { type Billing, isHigherTier, type PlanCard } from '../plans.ts'

/** What twelve months cost on this card against twelve monthly payments. */
function AnnualSaving({ tier }: { tier: PaidTier }) {
  const saving = annualSaving(tier)
  if (!saving) return null
  return (
    <p className="text-sm text-slate-600">
      First year {formatDollars(saving.firstYearCents)} against {formatDollars(saving.twelveMonthsCents)} for 12 monthly payments:{' '}
      {saving.savedCents > 0 ? `you save ${formatDollars(saving.savedCents)} (${saving.percent}%)` : 'no saving'}
    </p>
  )
}

/**
 * One plan's card: its price for the billing chosen, setup fee, annual saving and benefits, and the button that
 * chooses it; a plan at or below the member's own cannot be chosen.
 */
export function PlanOffer({
  card,
  billing,
  isSignedIn,
  currentTier,
  pendingTier,
  isChoosing,
  onChoose,
}: {
  card: PlanCard
  billing: Billing
  isSignedIn: boolean
  currentTier: SubscriptionTier
  pendingTier: PaidTier | null
  isChoosing: boolean
  onChoose: (tier: PaidTier) => void
}) {
  const price = card.priceCents(billing)
  const setupFee = card.setupFeeCents(billing)
  const tier = card.tier
  const isCurrent = isSignedIn && tier === currentTier && tier !== 'NONE'
  const isUnavailable = price === null || (isSignedIn && !isHigherTier(tier, currentTier))
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">{card.name}</h2>
      <p className="mt-2 text-3xl font-bold">
        {price === null ? 'Contact us' : formatDollars(price)}
        {price !== null && price > 0 && (
          <span className="text-base font-normal text-slate-500">/{billing === 'monthly' ? 'month' : 'year'}</span>
        )}
      </p>
      {setupFee > 0 && price !== null && tier !== 'NONE' && <p className="text-sm text-slate-600">+ {formatDollars(setupFee)} setup fee</p>}
      {billing === 'annual' && tier !== 'NONE' && <AnnualSaving tier={tier} />}
      <ul className="mt-4 flex-1 space-y-1 text-sm text-slate-700">
        {card.benefits.map((benefit) => (
          <li key={benefit}>✓ {benefit}</li>
        ))}
      </ul>
      {tier !== 'NONE' && (
        <Button
          className="mt-6"
          disabled={isUnavailable || (isChoosing && pendingTier !== tier)}
          isBusy={pendingTier === tier}
          onClick={() => onChoose(tier)}
        >
          {isCurrent ? 'Current plan' : `Choose ${card.name}`}
        </Button>
      )}
    </li>
  )
}
