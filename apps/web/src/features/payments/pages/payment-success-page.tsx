import { formatDollars } from '@keydesk/contracts/money'
import { PAYMENT_ITEM_STATES, PAYMENT_MESSAGES, type PaymentSession, TRANSACTION_STATUS_LABELS } from '@keydesk/contracts/payments'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import { planCharge } from '@keydesk/contracts/plan-prices'
import type { UserSubscription } from '@keydesk/contracts/subscription'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { primaryLinkClass, secondaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../lib/paths.ts'
import { useUserSubscription } from '../../membership/api/use-user-subscription.ts'
import { usePaymentSession } from '../api/use-payment-session.ts'
import { BackToCartLinks } from '../components/back-to-cart-links.tsx'
import { SupportContactLine } from '../components/support-contact-line.tsx'

interface NextStep {
  title: string
  text: string
}

const PAYMENT_CONFIRMED: NextStep = { title: 'Payment confirmed', text: 'Your payment has been received and confirmed.' }

/**
 * docs/product.md, 'Checkout and payment': the three next steps. The keycode's promise is the deadline the server set
 * at payment for the plan the buyer held (docs/decisions/029), the latest of the order's codes still to come.
 */
function keycodeSteps(session: PaymentSession): NextStep[] {
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

/** docs/product.md, 'Checkout and payment', payment success at /payment-success?session_id=...: verifies the payment, then confirms the order. */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams()
  const sessionId = searchParams.get('session_id') || null
  const payment = usePaymentSession(sessionId)

  if (sessionId === null) {
    return (
      <PageFrame title="Payment" width="narrow">
        <div className="space-y-6">
          <Alert tone="warning" title="No payment to confirm">
            This page needs the payment reference the checkout sends back, and there is none in the address. If you paid, your confirmation
            e-mail has your order details; otherwise your cart is unchanged.
          </Alert>
          <PageActions />
          <SupportContactLine />
        </div>
      </PageFrame>
    )
  }

  if (payment.isPending) {
    return (
      <PageFrame title="Payment" width="narrow">
        <Spinner label={PAYMENT_MESSAGES.verifying} />
      </PageFrame>
    )
  }

  if (payment.isError) {
    return (
      <PageFrame title="Payment" width="narrow">
        <div className="space-y-6">
          <Alert tone="error">{PAYMENT_MESSAGES.successButIssue}</Alert>
          <p className="text-sm text-slate-700">
            Please quote this payment reference: <span className="font-mono break-all">{sessionId}</span>
          </p>
          <PageActions />
          <SupportContactLine />
        </div>
      </PageFrame>
    )
  }

  const session = payment.data
  if (session.status !== 'PAID') {
    return (
      <PageFrame title="Payment" width="narrow">
        <div className="space-y-6">
          <Alert tone="error">{session.status === 'PENDING' ? PAYMENT_MESSAGES.notPaid : PAYMENT_MESSAGES.failed}</Alert>
          <BackToCartLinks />
          <SupportContactLine />
        </div>
      </PageFrame>
    )
  }
  return <PaymentConfirmation session={session} />
}

const formatDue = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

/**
 * The confirmation leads with what a buyer keeps (the confirmation number) and what was bought, each line with its
 * charge, where it stands now and when its code is due; the provider's session id and status follow as details.
 */
function PaymentConfirmation({ session }: { session: PaymentSession }) {
  const hasKeycodes = session.items.some((item) => item.state !== 'PLAN_ACTIVE')
  const isGuestOrder = session.requestIds.length === 0 && hasKeycodes
  const plan = useUserSubscription(!hasKeycodes)
  // A plan-only payment is about the plan: when it started, when it renews and for how much; no keycode is coming.
  const steps = hasKeycodes ? keycodeSteps(session) : planSteps(plan.data, session.receiptEmail ?? null)
  return (
    <PageFrame title="Payment Successful" description={session.message}>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="confirmation-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="confirmation-heading" className="text-lg font-semibold">
            Order confirmation
          </h2>
          <p className="mt-3 text-sm text-slate-600">Confirmation number</p>
          <p className="font-mono text-2xl font-bold tracking-wide">{session.confirmationNumber}</p>
          {session.receiptEmail && hasKeycodes && (
            <p className="mt-3 text-sm text-slate-700">
              {isGuestOrder
                ? `Your keycode will be e-mailed to ${session.receiptEmail}, with a secure link to your order.`
                : `Your keycode will be e-mailed to ${session.receiptEmail} and shown in your account.`}
            </p>
          )}
          <h3 className="mt-6 font-semibold">Items ordered</h3>
          {session.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No items are listed for this payment.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {session.items.map((item, index) => (
                // Two identical lines (same vehicle twice) are possible, so the position is part of the key.
                // biome-ignore lint/suspicious/noArrayIndexKey: items carry no id
                <li key={`${index}-${item.name}`} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">{item.name}</p>
                    {item.description && <p className="text-sm text-slate-600">{item.description}</p>}
                    {item.dueAt && item.state !== 'DELIVERED' && (
                      <p className="text-sm text-slate-700">
                        Code due by <time dateTime={item.dueAt}>{formatDue(item.dueAt)}</time>
                      </p>
                    )}
                  </div>
                  <div className="text-right">
                    {item.amount !== undefined && <p className="font-semibold">{formatDollars(Math.round(item.amount * 100))}</p>}
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      {item.state ? PAYMENT_ITEM_STATES[item.state] : 'Processed'}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <dl className="mt-6 grid gap-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">Amount paid</dt>
              <dd className="font-semibold">{formatDollars(Math.round(session.amount * 100))}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Status</dt>
              <dd className="font-semibold text-green-800">{TRANSACTION_STATUS_LABELS[session.status]}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-slate-600">Session ID (for support)</dt>
              <dd className="font-mono text-xs break-all">{session.sessionId}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="next-steps-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="next-steps-heading" className="text-lg font-semibold">
            What happens next
          </h2>
          <ol className="mt-4 space-y-4">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold">{step.title}</p>
                  <p className="text-sm text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <div className="mt-8 space-y-4">
        <PageActions orderRequestId={session.requestIds[0]} />
        <SupportContactLine />
      </div>
    </PageFrame>
  )
}

const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** The steps of a plan-only payment, from the member's plan as the server now holds it. */
function planSteps(subscription: UserSubscription | undefined, receiptEmail: string | null): NextStep[] {
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

function PageActions({ orderRequestId }: { orderRequestId?: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      {orderRequestId && (
        <Link to={`${paths.userDash}?order=${encodeURIComponent(orderRequestId)}`} className={primaryLinkClass}>
          View your order
        </Link>
      )}
      <Link to={paths.vehicleKeycodeRequest} className={primaryLinkClass}>
        Request another keycode
      </Link>
      <Link to={paths.home} className={secondaryLinkClass}>
        Go home
      </Link>
    </div>
  )
}
