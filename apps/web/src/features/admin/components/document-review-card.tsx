import { zodResolver } from '@hookform/resolvers/zod'
import { type ComplianceDocumentSchema, DocumentReviewFormSchema } from '@keydesk/contracts/admin'
import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useReviewDocument } from '../api/use-admin-users.ts'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { DocumentReviewForm } from './document-review-form.tsx'
import { DocumentThumbnail } from './document-thumbnail.tsx'

export type ComplianceDocument = z.infer<typeof ComplianceDocumentSchema>

/** The review state's badge; the darker shades keep 4.5:1 contrast on the light backgrounds. */
export const reviewBadgeClass = (verified: boolean | null) =>
  verified === true ? 'bg-green-100 text-green-900' : verified === false ? 'bg-red-100 text-red-900' : 'bg-slate-100 text-slate-800'

/**
 * One document under review: its image, label and review state, who reviewed it and when. Approve and "Reject with
 * reason" show while it waits for a review; a reviewed document is reviewed again only on purpose ("Change review").
 * Document Validation and the order panel both use this card, so a review is recorded the same way from either. Lists
 * key it by the document's id alone: it stays mounted through its review, so focus can land on the outcome.
 */
export function DocumentReviewCard({
  document,
  onEnlarge,
}: {
  document: ComplianceDocument
  onEnlarge: (image: EnlargedDocument) => void
}) {
  const review = useReviewDocument()
  const [isChanging, setIsChanging] = useState(false)
  const form = useForm({
    resolver: zodResolver(DocumentReviewFormSchema),
    defaultValues: { verified: true, notes: document.reviewNotes ?? '' },
  })
  const headingRef = useRef<HTMLParagraphElement>(null)
  const label = documentLabel(document.docType)
  const canReview = document.verified === null || isChanging

  const decide = (verified: boolean) => {
    form.setValue('verified', verified)
    return form.handleSubmit(({ notes }) =>
      review.mutate(
        { id: document.id, verified, notes },
        {
          // The buttons pressed are gone with the review; focus lands on the document's new state, read again by now.
          onSuccess: () => {
            setIsChanging(false)
            headingRef.current?.focus()
          },
        },
      ),
    )()
  }

  const changeReview = () => {
    // The card stays mounted across reviews, so the form starts again from the notes the server has now.
    form.reset({ verified: true, notes: document.reviewNotes ?? '' })
    setIsChanging(true)
  }

  return (
    <li className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row">
      <DocumentThumbnail src={document.fileUrl} label={label} onEnlarge={onEnlarge} />
      <div className="min-w-0 flex-1">
        <p ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-2 focus:outline-brand-600">
          {label}{' '}
          <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${reviewBadgeClass(document.verified)}`}>
            {reviewStateLabel(document.verified)}
          </span>
        </p>
        <p className="text-sm text-slate-600">Uploaded {new Date(document.uploadedAt).toLocaleString()}</p>
        {document.reviewedAt && (
          <p className="text-sm text-slate-600">
            Reviewed by {document.reviewedBy} on {new Date(document.reviewedAt).toLocaleString()}
          </p>
        )}
        {document.reviewNotes && <p className="text-sm">Notes: {document.reviewNotes}</p>}
        {canReview ? (
          <DocumentReviewForm
            label={label}
            form={form}
            pendingVerdict={review.isPending ? (review.variables?.verified ?? null) : null}
            isChanging={isChanging}
            onDecide={decide}
            onKeep={() => setIsChanging(false)}
          />
        ) : (
          <Button className="mt-2" variant="secondary" onClick={changeReview} aria-label={`Change review of ${label}`}>
            Change review
          </Button>
        )}
        {review.isError && <Alert tone="error">{review.error.message}</Alert>}
      </div>
    </li>
  )
}
