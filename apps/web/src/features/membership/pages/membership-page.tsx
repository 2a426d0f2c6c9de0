import { formatDollars } from '@keydesk/contracts/money'
import { annualSaving } from '@keydesk/contracts/plan-prices'
import {
  ANNUAL_SAVINGS_LABEL,
  ANNUAL_SAVINGS_PERCENT,
  type BillingPeriod,
  type PaidTier,
  PaidTierSchema,
  SUBSCRIPTION_MESSAGES,
  TIER_LABELS,
} from '@keydesk/contracts/subscription'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../lib/paths.ts'
import { loginPathFor } from '../../session/login-redirect.ts'
import { useSession } from '../../session/use-session.ts'
import { useChoosePlan } from '../api/use-choose-plan.ts'
import { useUserSubscription } from '../api/use-user-subscription.ts'
import { CurrentPlan } from '../components/current-plan.tsx'
import { MembershipFaq } from '../components/membership-faq.tsx'
import { TrialActivation } from '../components/trial-activation.tsx'
import { type Billing, isHigherTier, PLAN_CARDS, planName } from '../plans.ts'

const PAID_TIERS: PaidTier[] = ['BASIC', 'PROFESSIONAL', 'ENTERPRISE']

const toBillingPeriod = (billing: Billing): BillingPeriod => (billing === 'monthly' ? 'MONTHLY' : 'ANNUAL')

/** The address parameters that carry a visitor's choice of plan through sign-in. */
const CHOSEN_PLAN = 'plan'
const CHOSEN_BILLING = 'billing'

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises', membership at /membership, /subscriptions and /subscription; ?trial=start shows the trial activation page. */
/**
 * docs/product.md, 'Screens and routes (web)': the 'Save 20%' label, kept where it is true: each annual plan's first year against twelve monthly
 * payments, from the prices the checkout charges; the label names the plans it holds for.
 */
function annualSavingsLabel() {
  const holding = PAID_TIERS.filter((tier) => (annualSaving(tier)?.percent ?? 0) >= ANNUAL_SAVINGS_PERCENT).map(planName)
  return holding.length > 0 ? `${ANNUAL_SAVINGS_LABEL} or more with ${holding.join(' and ')}` : 'Annual billing'
}

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

export function MembershipPage() {
  const [searchParams] = useSearchParams()
  if (searchParams.get('trial') === 'start') return <TrialActivation />
  return <MembershipPlans />
}

function MembershipPlans() {
  const [searchParams] = useSearchParams()
  const session = useSession()
  const navigate = useNavigate()
  const isSignedIn = session.status === 'signed-in'
  const subscription = useUserSubscription(session.user?.role === 'BASEUSER')
  // The page opens on the member's own billing period; a choice of the toggle then holds.
  const [chosenBilling, setBilling] = useState<Billing | null>(null)
  const billing: Billing = chosenBilling ?? (subscription.data?.billing === 'ANNUAL' ? 'annual' : 'monthly')
  const plan = useChoosePlan()
  const currentTier = session.user?.subscription.tier ?? 'NONE'

  const onChoose = (tier: PaidTier) => {
    // docs/product.md, 'Screens and routes (web)': choosing a plan while not logged in leads to /login, and back here
    // afterwards with the choice in the address, so the plan chosen is still chosen once signed in.
    if (!isSignedIn)
      navigate(loginPathFor(`${paths.membership}?${new URLSearchParams({ [CHOSEN_PLAN]: tier, [CHOSEN_BILLING]: billing })}`))
    else plan.choose(tier, toBillingPeriod(billing))
  }

  // The choice a visitor made before signing in is made for them once, as soon as the signed-in member may take it.
  const chosenBeforeSignIn = PaidTierSchema.safeParse(searchParams.get(CHOSEN_PLAN)).data
  const chosenBillingBeforeSignIn: Billing = searchParams.get(CHOSEN_BILLING) === 'annual' ? 'annual' : 'monthly'
  const mayTakeChosen =
    session.user?.role === 'BASEUSER' && chosenBeforeSignIn !== undefined && isHigherTier(chosenBeforeSignIn, currentTier)
  const tookChosen = useRef(false)
  useEffect(() => {
    if (!mayTakeChosen || !chosenBeforeSignIn || tookChosen.current) return
    tookChosen.current = true
    plan.choose(chosenBeforeSignIn, toBillingPeriod(chosenBillingBeforeSignIn))
  }, [mayTakeChosen, chosenBeforeSignIn, chosenBillingBeforeSignIn, plan])

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

      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">Billing</legend>
        {(['monthly', 'annual'] as const).map((option) => (
          <label
            key={option}
            className={`cursor-pointer rounded-full border px-4 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${billing === option ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'}`}
          >
            <input
              type="radio"
              name="billing"
              value={option}
              checked={billing === option}
              onChange={() => setBilling(option)}
              className="sr-only"
            />
            {option === 'monthly' ? 'Monthly' : 'Annual'}
          </label>
        ))}
        <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">{annualSavingsLabel()}</span>
      </fieldset>

      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {PLAN_CARDS.map((card) => {
          const price = card.priceCents(billing)
          const setupFee = card.setupFeeCents(billing)
          const tier = card.tier
          const isCurrent = isSignedIn && tier === currentTier && tier !== 'NONE'
          const isUnavailable = price === null || (isSignedIn && !isHigherTier(tier, currentTier))
          return (
            <li key={tier} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
              <h2 className="text-xl font-semibold">{card.name}</h2>
              <p className="mt-2 text-3xl font-bold">
                {price === null ? 'Contact us' : formatDollars(price)}
                {price !== null && price > 0 && (
                  <span className="text-base font-normal text-slate-500">/{billing === 'monthly' ? 'month' : 'year'}</span>
                )}
              </p>
              {setupFee > 0 && price !== null && tier !== 'NONE' && (
                <p className="text-sm text-slate-600">+ {formatDollars(setupFee)} setup fee</p>
              )}
              {billing === 'annual' && tier !== 'NONE' && <AnnualSaving tier={tier} />}
              <ul className="mt-4 flex-1 space-y-1 text-sm text-slate-700">
                {card.benefits.map((benefit) => (
                  <li key={benefit}>✓ {benefit}</li>
                ))}
              </ul>
              {tier !== 'NONE' && (
                <Button
                  className="mt-6"
                  disabled={isUnavailable || (plan.isPending && plan.pendingTier !== tier)}
                  isBusy={plan.pendingTier === tier}
                  onClick={() => onChoose(tier)}
                >
                  {isCurrent ? 'Current plan' : `Choose ${card.name}`}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      {billing === 'annual' && (
        <p className="mt-4 text-sm text-slate-600">{TIER_LABELS.ENTERPRISE} is billed monthly; contact us for annual terms.</p>
      )}

      <MembershipFaq />
    </PageFrame>
  )
}
