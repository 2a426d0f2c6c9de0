import { basicDiscountStatus } from '@keydesk/contracts/keycode-prices'
import type { BillingPeriod, PaidTier, SubscriptionTier, UserSubscription } from '@keydesk/contracts/subscription'
import { SUBSCRIPTION_STATUS_LABELS } from '@keydesk/contracts/subscription'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { secondaryLinkClass } from '../../../components/ui/link-styles.ts'
import { longDate } from '../../../lib/dates.ts'
import { billingPage } from '../../../lib/paths.ts'
import { isHigherTier, PAID_TIERS, planName } from '../plans.ts'

const formatDate = (iso: string | null) => (iso === null ? '—' : longDate(iso))

export interface CurrentPlanProps {
  subscription: UserSubscription
  /** The tier the member holds now (upgrades go above it). */
  currentTier: SubscriptionTier
  onUpgrade: (tier: PaidTier, billing: BillingPeriod) => void
  /** The tier being put in the cart, if any. */
  pendingTier: PaidTier | null
}

/**
 * docs/product.md, 'Plans, trial, the premium rule and turnaround promises': the subscribed member's plan, its upgrades,
 * and the way to the one billing page (Profile › Subscription), where it is cancelled and its payments are.
 */
export function CurrentPlan({ subscription, currentTier, onUpgrade, pendingTier }: CurrentPlanProps) {
  const upgrades = PAID_TIERS.filter((tier) => isHigherTier(tier, currentTier))
  const billing = subscription.billing ?? 'MONTHLY'

  return (
    <section aria-labelledby="current-plan-heading" className="mb-10 rounded-xl border border-brand-600/30 bg-brand-50 p-6">
      <h2 id="current-plan-heading" className="text-xl font-semibold text-brand-900">
        Your subscription
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-600">Current plan</dt>
          <dd className="font-semibold">
            {planName(subscription.tier)}
            {subscription.billing && <span className="font-normal text-slate-600"> ({subscription.billing.toLowerCase()})</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="font-semibold">{SUBSCRIPTION_STATUS_LABELS[subscription.status]}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{subscription.status === 'ACTIVE' && subscription.autoRenew ? 'Renews on' : 'Period ends'}</dt>
          <dd className="font-semibold">{formatDate(subscription.endDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Auto-renew</dt>
          <dd className="font-semibold">{subscription.autoRenew ? 'On' : 'Off'}</dd>
        </div>
      </dl>
      {subscription.basicDiscount && <p className="mt-4 text-sm text-slate-700">{basicDiscountStatus(subscription.basicDiscount)}</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        {upgrades.map((tier) => (
          <Button
            key={tier}
            onClick={() => onUpgrade(tier, billing)}
            isBusy={pendingTier === tier}
            disabled={pendingTier !== null && pendingTier !== tier}
          >
            Upgrade to {planName(tier)}
          </Button>
        ))}
        <Link to={billingPage} className={secondaryLinkClass}>
          Billing, receipts and cancellation
        </Link>
      </div>
    </section>
  )
}
