import { formatDollars } from '@keydesk/contracts/money'
import type { PaymentSession } from '@keydesk/contracts/payments'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import { planCharge } from '@keydesk/contracts/plan-prices'
import type { UserSubscription } from '@keydesk/contracts/subscription'

export interface NextStep {
  title: string
  text: string
}

const PAYMENT_CONFIRMED: NextStep = { title: 'Payment confirmed', text: 'Your payment has been received and confirmed.' }

/** A code's deadline as the confirmation states it: the day and the time. */
export const formatDue = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/**
 * docs/product.md, 'Checkout and payment': the three next steps. The keycode's promise is the deadline the server set
 * at payment for the plan the buyer held (docs/decisions/029), the latest of the order's codes still to come.
 */
export function keycodeSteps(session: PaymentSession): NextStep[] {
  const waiting = session.items.filter((item) => item.dueAt && (item.state === 'WAITING' || item.state === 'IN_PROGRESS'))
  const latestDue = waiting
    .map((item) => item.dueAt ?? '')
    .sort()
    .at(-1)
  const processing = latestDue
    ? `${waiting.length === 1 ? 'Your keycode is' : 'Your keycodes are'} due by ${formatDue(latestDue)}, as your plan promises.`
    : 'Every keycode of this order has been dealt with: each line above says how.'
  return [
    PAYMENT_CONFIRMED,
    { title: 'Keycode processing', text: processing },
    { title: 'E-mail notification', text: 'You will receive an e-mail notification with your keycode once it is ready.' },
  ]
}

/** The steps of a plan-only payment, from the member's plan as the server now holds it. */
export function planSteps(subscription: UserSubscription | undefined, receiptEmail: string | null): NextStep[] {
  const receipt: NextStep = {
    title: 'E-mail receipt',
    text: receiptEmail
      ? `A receipt for this payment is on its way to ${receiptEmail}.`
      : 'A receipt for this payment is on its way to you.',
  }
  if (!subscription || subscription.tier === 'NONE' || !subscription.billing || !subscription.startDate || !subscription.endDate)
    return [PAYMENT_CONFIRMED, { title: 'Plan active', text: 'Your plan is active now.' }, receipt]
  const { tier, billing, startDate, endDate } = subscription
  const renewalCents = planCharge(tier, billing)?.periodCents
  const renews = subscription.status === 'ACTIVE' && subscription.autoRenew && renewalCents !== undefined
  return [
    PAYMENT_CONFIRMED,
    { title: 'Plan active', text: `Your ${planLineName(tier, billing)} is active from ${formatDay(startDate)}.` },
    {
      title: renews ? 'Renewal' : 'Period end',
      text: renews
        ? `It renews on ${formatDay(endDate)} for ${formatDollars(renewalCents)}; you can cancel before then under Profile › Subscription.`
        : `It runs until ${formatDay(endDate)} and does not renew by itself.`,
    },
    receipt,
  ]
}
