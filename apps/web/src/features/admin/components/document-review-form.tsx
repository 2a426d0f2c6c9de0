import type { DocumentReviewForm as DocumentReviewValues } from '@keydesk/contracts/admin'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

/** The review of one document: notes (the reason to reject), Approve or Reject; while changing a review, a way to keep it. */
export function DocumentReviewForm({
  label,
  form,
  pendingVerdict,
  isChanging,
  onDecide,
  onKeep,
}: {
  label: string
  form: UseFormReturn<DocumentReviewValues>
  /** The verdict being sent, while it is. */
  pendingVerdict: boolean | null
  isChanging: boolean
  onDecide: (verified: boolean) => void
  onKeep: () => void
}) {
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()}>
      <TextField
        label={`Review notes for ${label}`}
        hint="Optional to approve; the reason to reject."
        maxLength={2000}
        error={form.formState.errors.notes?.message}
        {...form.register('notes')}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button aria-label={`Approve ${label}`} isBusy={pendingVerdict === true} onClick={() => onDecide(true)}>
          Approve
        </Button>
        <Button
          variant="secondary"
          aria-label={`Reject with reason (${label})`}
          isBusy={pendingVerdict === false}
          onClick={() => onDecide(false)}
        >
          Reject with reason
        </Button>
        {isChanging && (
          <Button variant="link" onClick={onKeep}>
            Keep the review
          </Button>
        )}
      </div>
    </form>
  )
}
