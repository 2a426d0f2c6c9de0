import { MESSAGES } from '@keydesk/contracts/messages'
import { formatDollars } from '@keydesk/contracts/money'
import { planRefund, refundExplanation } from '@keydesk/contracts/refunds'
import type { UserSubscription } from '@keydesk/contracts/subscription'
import { useState } from 'react'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { longDate } from '../../../lib/dates.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useCancelSubscription, useRequestPlanRefund } from '../api/use-user-subscription.ts'
import { planName } from '../plans.ts'
import { PlanRefundLine } from './plan-refund-line.tsx'

type Choice = 'period-end' | 'refund-now'

/** The refund the policy gives today, by the rule the server pays by; null where it gives none or the fee is unknown. */
function refundToday(subscription: UserSubscription, now: Date) {
  const { billing, feeCents, startDate, endDate, refund } = subscription
  if (!billing || !startDate || !endDate || feeCents === null || refund) return null
  const due = planRefund({ billing, feeCents, startDate, endDate, refunded: false }, now)
  return due.reason ? null : { amountCents: due.amountCents, explanation: refundExplanation(due, feeCents) }
}

/**
 * docs/decisions/032: cancelling a plan offers its two honest choices. At the period's end, the plan keeps its access
 * until then and does not renew; now, with the refund the Refund Policy gives today (offered only where it gives one),
 * the member asks for it and follows it here: requested on a day, then paid on a day with its amount.
 */
export function PlanCancellation({ subscription }: { subscription: UserSubscription }) {
  const cancel = useCancelSubscription()
  const requestRefund = useRequestPlanRefund()
  const now = useNow()
  const [choice, setChoice] = useState<Choice | null>(null)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const refund = refundToday(subscription, now)
  const endDay = subscription.endDate ? longDate(subscription.endDate) : null
  const isRunning = subscription.status === 'ACTIVE' || subscription.status === 'CANCELLED'

  const settle = {
    onSuccess: (answer: { message: string }) => setResult({ tone: 'success', text: answer.message }),
    onError: (failure: Error) =>
      setResult({ tone: 'error', text: failure instanceof ApiError ? failure.message : MESSAGES.somethingWentWrong }),
    onSettled: () => setChoice(null),
  }

  return (
    <section aria-labelledby="plan-cancellation-heading" className="space-y-3">
      <h3 id="plan-cancellation-heading" className="text-lg font-semibold text-slate-900">
        Cancellation and refund
      </h3>
      <div className="text-sm text-slate-700">
        {subscription.refundRequestedAt && !subscription.refund ? (
          <p>
            <span className="font-semibold">Refund requested on {longDate(subscription.refundRequestedAt)}.</span> Our team pays it back to
            the card you paid with{refund ? ` (${formatDollars(refund.amountCents)} by the Refund Policy today)` : ''}, and the plan ends
            then.
          </p>
        ) : (
          <PlanRefundLine subscription={subscription} now={now} />
        )}
        {subscription.status === 'CANCELLED' && !subscription.refundRequestedAt && endDay && (
          <p className="mt-1">Your plan will not renew; it stays active until {endDay}.</p>
        )}
      </div>
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      <div className="flex flex-wrap gap-3">
        {subscription.status === 'ACTIVE' && (
          <Button variant="secondary" onClick={() => setChoice('period-end')}>
            Cancel at the end of the period
          </Button>
        )}
        {isRunning && refund && !subscription.refundRequestedAt && (
          <Button variant="secondary" onClick={() => setChoice('refund-now')}>
            Cancel now with a refund of {formatDollars(refund.amountCents)}
          </Button>
        )}
      </div>

      <Dialog isOpen={choice === 'period-end'} title="Cancel at the end of the period?" onClose={() => setChoice(null)}>
        <p className="text-sm text-slate-700">
          Your {planName(subscription.tier)} plan stays active until {endDay} and will not renew. Nothing more is charged.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setChoice(null)}>
            Keep my plan
          </Button>
          <Button variant="danger" onClick={() => cancel.mutate(undefined, settle)} isBusy={cancel.isPending}>
            Yes, cancel
          </Button>
        </div>
      </Dialog>

      <Dialog isOpen={choice === 'refund-now'} title="Cancel now with a refund?" onClose={() => setChoice(null)}>
        {refund && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">The Refund Policy gives {formatDollars(refund.amountCents)} today</span>: {refund.explanation}{' '}
            Your plan stops renewing at once; our team pays the refund back to the card you paid with, and the plan ends then.
          </p>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setChoice(null)}>
            Keep my plan
          </Button>
          <Button variant="danger" onClick={() => requestRefund.mutate(undefined, settle)} isBusy={requestRefund.isPending}>
            Ask for the refund
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
