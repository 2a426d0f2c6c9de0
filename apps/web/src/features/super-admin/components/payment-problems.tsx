import { DISPUTE_STATUS_LABELS, type SuperAdminDisputesAnswer } from '@keydesk/contracts/disputes'
import { formatDollars } from '@keydesk/contracts/money'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useClearReview, usePaymentProblems } from '../api/use-payment-problems.ts'

type Dispute = SuperAdminDisputesAnswer['disputes'][number]

const dayText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
const buyerText = (dispute: Dispute) => (dispute.buyer ? (dispute.buyer.name ?? dispute.buyer.email ?? 'A removed account') : 'A guest')

function DisputeRow({ dispute, onCleared }: { dispute: Dispute; onCleared: (text: string, tone: 'success' | 'error') => void }) {
  const clear = useClearReview()
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <p>
        <span className="font-medium">{buyerText(dispute)}</span>
        {dispute.buyer?.email && <span className="break-all text-slate-700"> · {dispute.buyer.email}</span>}
      </p>
      <p className="text-slate-800">
        {formatDollars(dispute.amountCents)} disputed{dispute.confirmationNumber ? ` on order ${dispute.confirmationNumber}` : ''} on{' '}
        {dayText(dispute.openedAt)} ({dispute.reason.replaceAll('_', ' ')}): {DISPUTE_STATUS_LABELS[dispute.status]}
        {dispute.releasedBefore && ' · raised after a keycode was released'}
      </p>
      {dispute.reviewPending && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <span className="font-medium text-red-900">The buyer's orders wait for your review.</span>
          <Button
            variant="secondary"
            isBusy={clear.isPending}
            onClick={() =>
              clear.mutate(dispute.id, {
                onSuccess: (answer) => onCleared(answer.message, 'success'),
                onError: (error) => onCleared(error instanceof ApiError ? error.message : 'Failed to clear the review.', 'error'),
              })
            }
          >
            Clear review
          </Button>
        </div>
      )}
    </li>
  )
}

/**
 * Payment problems the provider reported (docs/decisions/028): disputes, with the review a dispute after a release puts
 * on the buyer, and refunds that failed at the provider, which someone must pay back by hand.
 */
export function PaymentProblems() {
  const problems = usePaymentProblems()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  if (problems.isPending) return <Spinner label="Loading payment disputes..." />
  if (problems.isError) return <Alert tone="error">Failed to load the payment disputes.</Alert>
  const { disputes, failedRefunds } = problems.data
  return (
    <div className="space-y-4">
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      {disputes.length === 0 ? (
        <p className="text-sm text-slate-700">No payment disputes.</p>
      ) : (
        <ul aria-label="Payment disputes" className="space-y-2">
          {disputes.map((dispute) => (
            <DisputeRow key={dispute.id} dispute={dispute} onCleared={(text, tone) => setResult({ text, tone })} />
          ))}
        </ul>
      )}
      {failedRefunds.length > 0 && (
        <div>
          <h3 className="font-medium">Refunds that failed at the provider</h3>
          <ul aria-label="Refunds that failed at the provider" className="mt-1 space-y-1 text-sm">
            {failedRefunds.map((refund) => (
              <li key={refund.id} className="rounded-md border border-red-200 bg-red-50 p-2">
                {formatDollars(refund.amountCents)} on {dayText(refund.attemptedAt)}: {refund.lastError ?? 'no reason given'}
                {refund.providerRefundId && <span className="text-slate-700"> ({refund.providerRefundId})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
