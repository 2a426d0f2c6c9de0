import type { AdminRequest } from '@keydesk/contracts/admin'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useSession } from '../../session/use-session.ts'
import { useUserAction, useUserDocuments } from '../api/use-admin-users.ts'
import { businessOf } from '../business-label.ts'
import { BuyerDisputes } from './buyer-disputes.tsx'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { DocumentReviewCard } from './document-review-card.tsx'

/**
 * A member's account in the order's panel (decision 013's gate, worked in place): whether it is active and validated,
 * "Validate account", and the member's disputes. It calls the same route as Registered Users, so a validation is
 * recorded and logged the same way.
 */
export function BuyerAccount({ request, buyerId }: { request: AdminRequest; buyerId: string }) {
  const validate = useUserAction()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const resultRef = useRef<HTMLDivElement>(null)
  const isRevoked = request.accountState === 'REVOKED'
  const isSuperAdmin = useSession().user?.role === 'SUPER_ADMIN'

  // The button leaves with the validation; focus lands on what happened instead.
  useEffect(() => {
    if (result) resultRef.current?.focus()
  }, [result])

  function validateAccount() {
    setResult(null)
    validate.mutate(
      { path: `/admin/validate-user/${encodeURIComponent(buyerId)}` },
      {
        onSuccess: (answer) => setResult({ tone: 'success', text: answer.message }),
        onError: (error) => setResult({ tone: 'error', text: failureText(error, 'Failed to validate user.') }),
      },
    )
  }

  return (
    <section aria-label="Buyer's account" className="mt-3 space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-800">
          <span className="font-medium">{request.buyerName ?? request.keycodeUserEmail ?? 'Deleted account'}</span>
          {request.keycodeUserEmail && request.buyerName && <span className="break-all"> · {request.keycodeUserEmail}</span>}
          {request.business && (
            <>
              {' · '}
              <span className="font-medium">{businessOf(request.business)}</span>
              {' · '}
              <span
                className={
                  request.business.active && request.business.validated ? 'font-medium text-green-800' : 'font-medium text-red-800'
                }
              >
                {!request.business.active
                  ? 'Business revoked'
                  : request.business.validated
                    ? 'Business validated'
                    : 'Business not validated'}
              </span>
            </>
          )}
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
      {result && (
        <div ref={resultRef} tabIndex={-1} className="focus:outline-2 focus:outline-brand-600">
          <Alert tone={result.tone}>{result.text}</Alert>
        </div>
      )}
      <BuyerDisputes buyerId={buyerId} isSuperAdmin={isSuperAdmin} />
    </section>
  )
}

/**
 * A member's documents in the order's panel, each with its image and review, through the same route as Document
 * Validation, so each review is recorded and logged the same way.
 */
export function BuyerDocuments({ buyerId, onEnlarge }: { buyerId: string; onEnlarge: (image: EnlargedDocument) => void }) {
  const documents = useUserDocuments(buyerId)
  if (documents.isPending) return <Spinner label="Loading the member's documents..." />
  if (documents.isError) return <Alert tone="error">{failureText(documents.error, 'Failed to load the documents.')}</Alert>
  if (documents.data.length === 0) return <p className="text-sm text-slate-600">No documents on file.</p>
  return (
    <ul aria-label="Documents on file" className="space-y-2">
      {documents.data.map((document) => (
        <DocumentReviewCard key={document.id} document={document} onEnlarge={onEnlarge} />
      ))}
    </ul>
  )
}
