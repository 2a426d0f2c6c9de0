import { PAYMENT_MESSAGES, type PaymentSession } from '@keydesk/contracts/payments'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useUserSubscription } from '../../membership/api/use-user-subscription.ts'
import { usePaymentSession } from '../api/use-payment-session.ts'
import { AfterPaymentLinks } from '../components/after-payment-links.tsx'
import { BackToCartLinks } from '../components/back-to-cart-links.tsx'
import { OrderConfirmation } from '../components/order-confirmation.tsx'
import { SupportContactLine } from '../components/support-contact-line.tsx'
import { WhatHappensNext } from '../components/what-happens-next.tsx'
import { keycodeSteps, planSteps } from '../next-steps.ts'

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
          <AfterPaymentLinks />
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
          <AfterPaymentLinks />
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

/** A paid order: its confirmation beside what happens next, for keycodes their deadline, for a plan its dates. */
function PaymentConfirmation({ session }: { session: PaymentSession }) {
  const hasKeycodes = session.items.some((item) => item.state !== 'PLAN_ACTIVE')
  const plan = useUserSubscription(!hasKeycodes)
  // A plan-only payment is about the plan: when it started, when it renews and for how much; no keycode is coming.
  const steps = hasKeycodes ? keycodeSteps(session) : planSteps(plan.data, session.receiptEmail ?? null)
  return (
    <PageFrame title="Payment Successful" description={session.message}>
      <div className="grid gap-8 lg:grid-cols-2">
        <OrderConfirmation session={session} hasKeycodes={hasKeycodes} />
        <WhatHappensNext steps={steps} />
      </div>
      <div className="mt-8 space-y-4">
        <AfterPaymentLinks orderRequestId={session.requestIds[0]} />
        <SupportContactLine />
      </div>
    </PageFrame>
  )
}
