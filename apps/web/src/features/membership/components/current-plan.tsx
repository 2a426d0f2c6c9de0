import { basicDiscountStatus } from '@keydesk/contracts/keycode-prices'
import { MESSAGES } from '@keydesk/contracts/messages'
import type { BillingPeriod, PaidTier, SubscriptionTier, UserSubscription } from '@keydesk/contracts/subscription'
import { SUBSCRIPTION_STATUS_LABELS } from '@keydesk/contracts/subscription'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useCancelSubscription } from '../api/use-user-subscription.ts'
import { isHigherTier, planName } from '../plans.ts'
import { PlanRefundLine } from './plan-refund-line.tsx'

const PAID_TIERS: PaidTier[] = ['BASIC', 'PROFESSIONAL', 'ENTERPRISE']

const formatDate = (iso: string | null) =>
  iso === null ? '—' : new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

export interface CurrentPlanProps {
  subscription: UserSubscription
  /** The tier the member holds now (upgrades go above it). */
  currentTier: SubscriptionTier
  onUpgrade: (tier: PaidTier, billing: BillingPeriod) => void
  /** The tier being put in the cart, if any. */
  pendingTier: PaidTier | null
}

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': the subscribed member's view of their plan, with cancel (at period end) and upgrade. */
export function CurrentPlan({ subscription, currentTier, onUpgrade, pendingTier }: CurrentPlanProps) {
  const cancel = useCancelSubscription()
  const now = useNow()
  const [isConfirming, setIsConfirming] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const upgrades = PAID_TIERS.filter((tier) => isHigherTier(tier, currentTier))
  const billing = subscription.billing ?? 'MONTHLY'

  const onConfirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (answer) => setResult({ tone: 'success', text: answer.message }),
      onError: (failure) => setResult({ tone: 'error', text: failure instanceof ApiError ? failure.message : MESSAGES.somethingWentWrong }),
      onSettled: () => setIsConfirming(false),
    })

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
      {(subscription.status === 'CANCELLED' || subscription.refund) && (
        <section
          aria-labelledby="plan-refund-heading"
          className="mt-4 rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700"
        >
          <h3 id="plan-refund-heading" className="font-semibold text-slate-900">
            Refund
          </h3>
          <PlanRefundLine subscription={subscription} now={now} />
        </section>
      )}
      {result && (
        <div className="mt-4">
          <Alert tone={result.tone} onDismiss={() => setResult(null)}>
            {result.text}
          </Alert>
        </div>
      )}
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
        {subscription.status === 'ACTIVE' && (
          <Button variant="secondary" onClick={() => setIsConfirming(true)}>
            Cancel subscription
          </Button>
        )}
      </div>

      <Dialog isOpen={isConfirming} title="Cancel your subscription?" onClose={() => setIsConfirming(false)}>
        <p className="text-sm text-slate-700">
          Your {planName(subscription.tier)} plan stays active until {formatDate(subscription.endDate)} and will not renew. Monthly plans
          are not refunded in part; annual plans are refunded by unused months as the membership cancellation policy describes.
        </p>
        <div className="mt-3 text-sm text-slate-700">
          <PlanRefundLine subscription={subscription} now={now} />
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setIsConfirming(false)}>
            Keep my plan
          </Button>
          <Button variant="danger" onClick={onConfirmCancel} isBusy={cancel.isPending}>
            Yes, cancel
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
