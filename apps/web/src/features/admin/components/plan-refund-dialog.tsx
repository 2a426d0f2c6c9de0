import { formatDollars } from '@keydesk/contracts/money'
import { REFUND_MESSAGES } from '@keydesk/contracts/refunds'
import { TIER_LABELS } from '@keydesk/contracts/subscription'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { longDate } from '../../../lib/dates.ts'
import { useIssuePlanRefund, usePlanRefundPreview } from '../api/use-plan-refund.ts'

export interface PlanRefundDialogProps {
  /** The plan whose refund is shown; null keeps the dialog closed. */
  subscriptionId: string | null
  onClose: () => void
  onIssued: (message: string) => void
}

/**
 * docs/decisions/020: the super admin sees what the Refund Policy pays for this plan today (asked of the server, which
 * applies the same rule as it issues) before confirming; an earlier attempt that did not finish is retried at its amount.
 */
export function PlanRefundDialog({ subscriptionId, onClose, onIssued }: PlanRefundDialogProps) {
  const preview = usePlanRefundPreview(subscriptionId)
  const issue = useIssuePlanRefund()
  const plan = preview.data
  const unfinished = plan?.issued && plan.issued.status !== 'REFUNDED' ? plan.issued : null
  const amountCents = unfinished ? unfinished.amountCents : (plan?.refund.amountCents ?? 0)

  const close = () => {
    issue.reset()
    onClose()
  }
  const confirm = () => {
    if (!subscriptionId) return
    issue.mutate(subscriptionId, {
      onSuccess: (answer) => {
        onIssued(answer.message)
        close()
      },
    })
  }

  return (
    <Dialog isOpen={subscriptionId !== null} title="Refund this plan?" onClose={close}>
      {preview.isPending && <Spinner label="Loading the refund..." />}
      {preview.isError && <Alert tone="error">{failureText(preview.error, REFUND_MESSAGES.previewFailed)}</Alert>}
      {plan && (
        <div className="space-y-4 text-sm text-slate-700">
          <dl className="grid grid-cols-2 gap-2">
            <dt className="text-slate-600">Member</dt>
            <dd>{plan.memberEmail ?? <span className="italic">User Inactive</span>}</dd>
            <dt className="text-slate-600">Plan</dt>
            <dd>
              {TIER_LABELS[plan.tier]} ({plan.billing.toLowerCase()}), from {longDate(plan.startDate)}
            </dd>
            <dt className="text-slate-600">Paid</dt>
            <dd>{plan.feeCents === null ? '–' : formatDollars(plan.feeCents)}</dd>
          </dl>
          {unfinished ? (
            <Alert tone="warning">
              An earlier refund of {formatDollars(unfinished.amountCents)} did not finish ({unfinished.status.toLowerCase()}). Issuing again
              retries that amount; the payment provider pays it once.
            </Alert>
          ) : amountCents > 0 ? (
            <p>
              <span className="block text-base font-semibold text-slate-900">Refund today: {formatDollars(amountCents)}</span>
              {plan.refund.message} The plan ends at once and the member goes back to no plan.
            </p>
          ) : (
            <Alert tone="info">No refund: {plan.refund.message}</Alert>
          )}
          {issue.isError && <Alert tone="error">{failureText(issue.error, REFUND_MESSAGES.issueFailed)}</Alert>}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              {amountCents > 0 ? 'Keep the plan' : 'Close'}
            </Button>
            {amountCents > 0 && (
              <Button variant="danger" onClick={confirm} isBusy={issue.isPending}>
                Issue refund of {formatDollars(amountCents)}
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  )
}
