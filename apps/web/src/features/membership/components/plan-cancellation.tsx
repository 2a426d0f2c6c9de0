import { MESSAGES } from '@keydesk/contracts/messages'
import { formatDollars } from '@keydesk/contracts/money'
import { planRefund, refundExplanation } from '@keydesk/contracts/refunds'
import type { UserSubscription } from '@keydesk/contracts/subscription'
import { type ReactNode, useState } from 'react'
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

/** Where the plan stands: a refund asked for and not yet paid, else the refund line; a cancelled plan's last day. */
function CancellationStatus({ subscription, refundCents, now }: { subscription: UserSubscription; refundCents: number | null; now: Date }) {
  const endDay = subscription.endDate ? longDate(subscription.endDate) : null
  return (
    <div className="text-sm text-slate-700">
      {subscription.refundRequestedAt && !subscription.refund ? (
        <p>
          <span className="font-semibold">Refund requested on {longDate(subscription.refundRequestedAt)}.</span> Our team pays it back to
          the card you paid with{refundCents !== null ? ` (${formatDollars(refundCents)} by the Refund Policy today)` : ''}, and the plan
          ends then.
        </p>
      ) : (
        <PlanRefundLine subscription={subscription} now={now} />
      )}
      {subscription.status === 'CANCELLED' && !subscription.refundRequestedAt && endDay && (
        <p className="mt-1">Your plan will not renew; it stays active until {endDay}.</p>
      )}
    </div>
  )
}

/** One of the two choices, asked once more: what it does, and Keep my plan or go ahead. */
function ChoiceDialog({
  isOpen,
  title,
  confirmLabel,
  isBusy,
  onConfirm,
  onClose,
  children,
}: {
  isOpen: boolean
  title: string
  confirmLabel: string
  isBusy: boolean
  onConfirm: () => void
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose}>
      {children}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Keep my plan
        </Button>
        <Button variant="danger" onClick={onConfirm} isBusy={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
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
      <CancellationStatus subscription={subscription} refundCents={refund?.amountCents ?? null} now={now} />
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

      <ChoiceDialog
        isOpen={choice === 'period-end'}
        title="Cancel at the end of the period?"
        confirmLabel="Yes, cancel"
        isBusy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, settle)}
        onClose={() => setChoice(null)}
      >
        <p className="text-sm text-slate-700">
          Your {planName(subscription.tier)} plan stays active until {endDay} and will not renew. Nothing more is charged.
        </p>
      </ChoiceDialog>

      <ChoiceDialog
        isOpen={choice === 'refund-now'}
        title="Cancel now with a refund?"
        confirmLabel="Ask for the refund"
        isBusy={requestRefund.isPending}
        onConfirm={() => requestRefund.mutate(undefined, settle)}
        onClose={() => setChoice(null)}
      >
        {refund && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold">The Refund Policy gives {formatDollars(refund.amountCents)} today</span>: {refund.explanation}{' '}
            Your plan stops renewing at once; our team pays the refund back to the card you paid with, and the plan ends then.
          </p>
        )}
      </ChoiceDialog>
    </section>
  )
}
