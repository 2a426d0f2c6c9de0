import type { UserView } from '@keydesk/contracts/auth'
import { basicDiscountStatus } from '@keydesk/contracts/keycode-prices'
import { formatDollars } from '@keydesk/contracts/money'
import { planCharge } from '@keydesk/contracts/plan-prices'
import { SUBSCRIPTION_STATUS_LABELS, TIER_LABELS, type UserSubscription } from '@keydesk/contracts/subscription'
import { MINUTE_MS } from '@keydesk/contracts/time'
import { longDate } from '../../../lib/dates.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useTrialAccess } from '../../membership/api/use-trial-status.ts'
import { describeTrialTimeLeft } from '../../membership/trial-access.ts'

/** The next charge a renewing plan makes (the period's price: a setup fee is charged once, with the first), or none. */
function nextCharge(plan: UserSubscription): string | null {
  if (plan.tier === 'NONE' || !plan.billing || !plan.endDate) return null
  if (plan.status !== 'ACTIVE' || !plan.autoRenew) return `None: the plan ends on ${longDate(plan.endDate)}`
  const charge = planCharge(plan.tier, plan.billing)
  return charge ? `${formatDollars(charge.periodCents)} on ${longDate(plan.endDate)}` : null
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * The member's plan as the billing page states it: the plan (or a running trial, named with its tier and time left),
 * its billing period, status and next charge, and Basic's discount of this plan month.
 */
export function PlanSummary({ user, plan }: { user: UserView; plan: UserSubscription | undefined }) {
  const { tier, status } = user.subscription
  const { trial } = useTrialAccess()
  const now = useNow(MINUTE_MS).getTime()
  // A trial leaves the stored plan at NONE and ACTIVE, which read 'No plan · Active': the trial is named with its tier
  // and the same time left as the banner instead.
  const runningTrial = tier === 'NONE' && trial?.isActive && trial.accessType === 'trial' ? trial : null
  const timeLeft = runningTrial ? describeTrialTimeLeft(runningTrial.trialEndsAt, now) : null
  const held = plan && plan.tier !== 'NONE' ? plan : null
  const charge = held ? nextCharge(held) : null
  return (
    <div className="space-y-2">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Plan">{runningTrial ? `Free trial of ${TIER_LABELS[runningTrial.trialTier ?? 'BASIC']}` : TIER_LABELS[tier]}</Fact>
        {runningTrial && timeLeft && <Fact term="Time left">{timeLeft}</Fact>}
        {runningTrial?.trialEndsAt && <Fact term="Trial ends">{new Date(runningTrial.trialEndsAt).toLocaleString()}</Fact>}
        {held?.billing && <Fact term="Billing period">{held.billing === 'ANNUAL' ? 'Annual' : 'Monthly'}</Fact>}
        {/* Without a plan there is nothing for a status to describe. */}
        {tier !== 'NONE' && <Fact term="Status">{SUBSCRIPTION_STATUS_LABELS[held?.status ?? status]}</Fact>}
        {charge && <Fact term="Next charge">{charge}</Fact>}
      </dl>
      {held?.basicDiscount && <p className="text-sm text-slate-700">{basicDiscountStatus(held.basicDiscount)}</p>}
    </div>
  )
}
