import { DISPUTE_STATUS_LABELS, type PaymentDisputeView } from '@keydesk/contracts/disputes'
import { formatDollars } from '@keydesk/contracts/money'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useBuyerDisputes, useClearDisputeReview } from '../api/use-buyer-disputes.ts'

const dayText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

function DisputeItem({ dispute, canClear }: { dispute: PaymentDisputeView; canClear: boolean }) {
  const clear = useClearDisputeReview()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  return (
    <li className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-slate-800">
      <p>
        <span className="font-medium">
          {formatDollars(dispute.amountCents)} disputed{dispute.confirmationNumber ? ` on order ${dispute.confirmationNumber}` : ''}
        </span>{' '}
        on {dayText(dispute.openedAt)} ({dispute.reason.replaceAll('_', ' ')}): {DISPUTE_STATUS_LABELS[dispute.status]}
        {dispute.releasedBefore && ' · raised after a keycode was released'}
      </p>
      {dispute.reviewPending && (
        <p className="mt-1 font-medium text-red-900">Further orders wait for a super admin to review this account.</p>
      )}
      {dispute.reviewClearedAt && <p className="mt-1 text-slate-700">Review cleared on {dayText(dispute.reviewClearedAt)}.</p>}
      {dispute.reviewPending && canClear && (
        <Button
          variant="secondary"
          isBusy={clear.isPending}
          onClick={() =>
            clear.mutate(dispute.id, {
              onSuccess: (answer) => setResult({ tone: 'success', text: answer.message }),
              onError: (error) => setResult({ tone: 'error', text: failureText(error, 'Failed to clear the review.') }),
            })
          }
        >
          Clear review
        </Button>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
    </li>
  )
}

/**
 * The member's payment disputes in the order panel (docs/decisions/028): a chargeback raised after a release holds the
 * member's further orders until a super admin, and only a super admin, clears the review here.
 */
export function BuyerDisputes({ buyerId, isSuperAdmin }: { buyerId: string; isSuperAdmin: boolean }) {
  const disputes = useBuyerDisputes(buyerId)
  if (disputes.isError) return <Alert tone="error">{failureText(disputes.error, 'Failed to load the payment disputes.')}</Alert>
  if (!disputes.data || disputes.data.length === 0) return null
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">Payment disputes</h3>
      <ul aria-label="Payment disputes" className="mt-1 space-y-2">
        {disputes.data.map((dispute) => (
          <DisputeItem key={dispute.id} dispute={dispute} canClear={isSuperAdmin} />
        ))}
      </ul>
    </div>
  )
}
