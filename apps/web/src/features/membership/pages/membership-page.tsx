import { SUBSCRIPTION_MESSAGES, TIER_LABELS } from '@keydesk/contracts/subscription'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../session/use-session.ts'
import { useUserSubscription } from '../api/use-user-subscription.ts'
import { BillingToggle } from '../components/billing-toggle.tsx'
import { CurrentPlan } from '../components/current-plan.tsx'
import { MembershipFaq } from '../components/membership-faq.tsx'
import { PlanOffer } from '../components/plan-offer.tsx'
import { TrialActivation } from '../components/trial-activation.tsx'
import { type Billing, PLAN_CARDS } from '../plans.ts'
import { usePlanChoice } from '../use-plan-choice.ts'

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises', membership at /membership, /subscriptions and /subscription; ?trial=start shows the trial activation page. */
export function MembershipPage() {
  const [searchParams] = useSearchParams()
  if (searchParams.get('trial') === 'start') return <TrialActivation />
  return <MembershipPlans />
}

function MembershipPlans() {
  const session = useSession()
  const isSignedIn = session.status === 'signed-in'
  const subscription = useUserSubscription(session.user?.role === 'BASEUSER')
  // The page opens on the member's own billing period; a choice of the toggle then holds.
  const [chosenBilling, setBilling] = useState<Billing | null>(null)
  const billing: Billing = chosenBilling ?? (subscription.data?.billing === 'ANNUAL' ? 'annual' : 'monthly')
  const { plan, onChoose } = usePlanChoice(billing)
  const currentTier = session.user?.subscription.tier ?? 'NONE'

  return (
    <PageFrame title="Membership" description="Save on every keycode with a membership plan.">
      {subscription.isLoading && (
        <div className="mb-6">
          <Spinner label="Loading your subscription..." />
        </div>
      )}
      {subscription.isError && (
        <div className="mb-6">
          <Alert tone="warning">{SUBSCRIPTION_MESSAGES.fetchFailed}</Alert>
        </div>
      )}
      {subscription.data && subscription.data.tier !== 'NONE' && (
        <CurrentPlan
          subscription={subscription.data}
          currentTier={currentTier}
          onUpgrade={(tier, period) => plan.choose(tier, period)}
          pendingTier={plan.pendingTier}
        />
      )}
      {plan.error && (
        <div className="mb-6">
          <Alert tone="error">{plan.error}</Alert>
        </div>
      )}

      <BillingToggle billing={billing} onChange={setBilling} />

      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {PLAN_CARDS.map((card) => (
          <PlanOffer
            key={card.tier}
            card={card}
            billing={billing}
            isSignedIn={isSignedIn}
            currentTier={currentTier}
            pendingTier={plan.pendingTier}
            isChoosing={plan.isPending}
            onChoose={onChoose}
          />
        ))}
      </ul>
      {billing === 'annual' && (
        <p className="mt-4 text-sm text-slate-600">{TIER_LABELS.ENTERPRISE} is billed monthly; contact us for annual terms.</p>
      )}

      <MembershipFaq />
    </PageFrame>
  )
}
