import type { ComplianceDocumentSchema } from '@keydesk/contracts/admin'
import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { useCallback, useState } from 'react'
import type { z } from 'zod'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useReviewDocument, useUserDocuments } from '../api/use-admin-users.ts'
import { useUserSearch } from '../api/use-user-search.ts'
import { DocumentImageDialog, type EnlargedDocument } from '../components/document-image-dialog.tsx'
import { DocumentThumbnail } from '../components/request-summary.tsx'
import { UserSearch } from '../components/user-search.tsx'

type ComplianceDocument = z.infer<typeof ComplianceDocumentSchema>

const STATE_CLASS = (verified: boolean | null) =>
  verified === true ? 'bg-green-100 text-green-900' : verified === false ? 'bg-red-100 text-red-900' : 'bg-slate-100 text-slate-800'

/**
 * One document: its image, its label and review state, who reviewed it and when. Approve and Reject show only while
 * it waits for a review; a reviewed document can be reviewed again on purpose with "Change review".
 */
function DocumentCard({ document, onEnlarge }: { document: ComplianceDocument; onEnlarge: (image: EnlargedDocument) => void }) {
  const review = useReviewDocument()
  const [notes, setNotes] = useState(document.reviewNotes ?? '')
  const [isChanging, setIsChanging] = useState(false)
  const label = documentLabel(document.docType)
  const canReview = document.verified === null || isChanging

  function decide(verified: boolean) {
    review.mutate({ id: document.id, verified, notes }, { onSuccess: () => setIsChanging(false) })
  }

  return (
    <li className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row">
      <DocumentThumbnail src={document.fileUrl} label={label} onEnlarge={onEnlarge} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {label}{' '}
          <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${STATE_CLASS(document.verified)}`}>
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
          <>
            <TextField label="Review notes" value={notes} maxLength={2000} onChange={(event) => setNotes(event.target.value)} />
            <div className="mt-2 flex flex-wrap gap-2">
              <Button isBusy={review.isPending && review.variables?.verified === true} onClick={() => decide(true)}>
                Approve
              </Button>
              <Button variant="secondary" isBusy={review.isPending && review.variables?.verified === false} onClick={() => decide(false)}>
                Reject
              </Button>
              {isChanging && (
                <Button variant="link" onClick={() => setIsChanging(false)}>
                  Keep the review
                </Button>
              )}
            </div>
          </>
        ) : (
          <Button className="mt-2" variant="secondary" onClick={() => setIsChanging(true)} aria-label={`Change review of ${label}`}>
            Change review
          </Button>
        )}
        {review.isError && <Alert tone="error">{review.error.message}</Alert>}
      </div>
    </li>
  )
}

/** docs/product.md §8 "Admin document validation": a searchable list of users, then per user the documents to review. */
export function DocumentValidationPage() {
  const found = useUserSearch()
  const [userId, setUserId] = useState<string | null>(null)
  const documents = useUserDocuments(userId)
  const [enlarged, setEnlarged] = useState<EnlargedDocument | null>(null)
  const closeEnlarged = useCallback(() => setEnlarged(null), [])

  return (
    <PageFrame title="Document Validation">
      <DocumentImageDialog image={enlarged} onClose={closeEnlarged} />
      <UserSearch
        found={found}
        columns="md:grid-cols-3"
        renderUser={(user) => (
          <button
            type="button"
            aria-pressed={user.id === userId}
            onClick={() => setUserId(user.id)}
            className={`w-full rounded-lg border p-3 text-left ${user.id === userId ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
          >
            {user.fname} {user.lname}
            <span className="block break-all text-sm text-slate-600">{user.email}</span>
          </button>
        )}
      >
        <section aria-label="Documents" className="md:col-span-2">
          {!userId && <p className="text-slate-600">Choose a user to see their documents.</p>}
          {documents.isFetching && <Spinner />}
          {documents.isError && <Alert tone="error">{documents.error.message}</Alert>}
          {documents.data?.length === 0 && <p>No documents uploaded.</p>}
          <ul className="space-y-3">
            {documents.data?.map((document) => (
              <DocumentCard key={`${document.id}-${document.reviewedAt ?? 'new'}`} document={document} onEnlarge={setEnlarged} />
            ))}
          </ul>
        </section>
      </UserSearch>
    </PageFrame>
  )
}
