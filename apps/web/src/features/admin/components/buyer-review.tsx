import type { AdminRequest } from '@keydesk/contracts/admin'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../session/use-session.ts'
import { adminErrorText } from '../admin-error-text.ts'
import { useUserAction, useUserDocuments } from '../api/use-admin-users.ts'
import { BuyerDisputes } from './buyer-disputes.tsx'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { DocumentReviewCard } from './document-review-card.tsx'

/**
 * A member's account and documents in the order's panel (decision 013's gate, worked in place): whether the account is
 * active and validated, "Validate account", and each document with its image and review. It calls the same routes as
 * Registered Users (validate) and Document Validation (review), so each change is recorded and logged the same way.
 */
export function BuyerReview({
  request,
  buyerId,
  onEnlarge,
}: {
  request: AdminRequest
  buyerId: string
  onEnlarge: (image: EnlargedDocument) => void
}) {
  const documents = useUserDocuments(buyerId)
  const validate = useUserAction()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const isRevoked = request.accountState === 'REVOKED'
  const isSuperAdmin = useSession().user?.role === 'SUPER_ADMIN'

  function validateAccount() {
    setResult(null)
    validate.mutate(
      { path: `/admin/validate-user/${encodeURIComponent(buyerId)}` },
      {
        onSuccess: (answer) => setResult({ tone: 'success', text: answer.message }),
        onError: (error) => setResult({ tone: 'error', text: adminErrorText(error, 'Failed to validate user.') }),
      },
    )
  }

  return (
    <section aria-label="Buyer's account and documents" className="mt-3 space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-800">
          <span className="font-medium">{request.buyerName ?? request.keycodeUserEmail ?? 'Deleted account'}</span>
          {request.keycodeUserEmail && request.buyerName && <span className="break-all"> · {request.keycodeUserEmail}</span>}
          {' · '}
          <span className={isRevoked ? 'font-medium text-red-800' : 'font-medium text-green-800'}>
            {isRevoked ? 'Account revoked: cannot sign in' : 'Account active'}
          </span>
          {' · '}
          <span className={request.isValidatedUser ? 'font-medium text-green-800' : 'font-medium text-red-800'}>
            {request.isValidatedUser ? 'Account validated' : 'Account not validated'}
          </span>
        </p>
        {!request.isValidatedUser && !isRevoked && (
          <Button variant="secondary" isBusy={validate.isPending} onClick={validateAccount}>
            Validate account
          </Button>
        )}
      </div>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <BuyerDisputes buyerId={buyerId} isSuperAdmin={isSuperAdmin} />
      {documents.isPending && <Spinner label="Loading the member's documents..." />}
      {documents.isError && <Alert tone="error">{adminErrorText(documents.error, 'Failed to load the documents.')}</Alert>}
      {documents.data?.length === 0 && <p className="text-sm text-slate-600">No documents on file.</p>}
      {documents.data && documents.data.length > 0 && (
        <ul aria-label="Documents on file" className="space-y-2">
          {documents.data.map((document) => (
            <DocumentReviewCard key={`${document.id}-${document.reviewedAt ?? 'new'}`} document={document} onEnlarge={onEnlarge} />
          ))}
        </ul>
      )}
    </section>
  )
}
