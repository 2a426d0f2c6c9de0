import type { AdminRequest } from '@keydesk/contracts/admin'
import { DOCUMENT_NAMES, documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { BuyerReview } from './buyer-review.tsx'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { reviewBadgeClass } from './document-review-card.tsx'
import { DocumentThumbnail } from './document-thumbnail.tsx'

const DOCUMENTS = ['frontId', 'backId', 'registration', 'licenseFront', 'licenseBack'] as const

const dollars = (amount: number) => `$${amount.toFixed(2)}`

/**
 * Who asked for the code and what the release gate will read (decision 013). A member's account and documents are
 * worked on in place; a deleted account leaves only what the order kept.
 */
function Requester({ request, onEnlarge }: { request: AdminRequest; onEnlarge: (image: EnlargedDocument) => void }) {
  if (request.isGuest) {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-medium">Guest</span> · identity to check against the licence photos below
        {request.checkoutName && <> · name typed at checkout: {request.checkoutName}</>}
      </p>
    )
  }
  if (request.buyerId) return <BuyerReview request={request} buyerId={request.buyerId} onEnlarge={onEnlarge} />
  return (
    <>
      <p className="text-sm text-slate-700">
        {request.keycodeUserEmail ?? 'Deleted account'} ·{' '}
        <span className={request.isValidatedUser ? 'font-medium text-green-800' : 'font-medium text-red-800'}>
          {request.isValidatedUser ? 'Account validated' : 'Account not validated'}
        </span>
        {request.accountState === 'REVOKED' && (
          <>
            {' · '}
            <span className="font-medium text-red-800">Account revoked: cannot sign in</span>
          </>
        )}
      </p>
      {request.documents.length === 0 ? (
        <p className="text-sm text-slate-600">No documents on file.</p>
      ) : (
        <ul aria-label="Documents on file" className="mt-1 flex flex-wrap gap-2 text-xs">
          {request.documents.map((document, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: one kind may be on file twice; the list never reorders in place
              key={`${document.docType}-${index}`}
              className={`rounded-full px-2 py-0.5 ${reviewBadgeClass(document.verified)}`}
            >
              {documentLabel(document.docType)}: {reviewStateLabel(document.verified)}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** One paid request on the admin queues: the vehicle as paid, the requester and the uploaded documents. */
export function RequestSummary({ request, onEnlarge }: { request: AdminRequest; onEnlarge: (image: EnlargedDocument) => void }) {
  return (
    <>
      <p className="font-semibold">
        {request.year} {request.make} {request.model}
        {request.paidPrice !== null && <span className="ml-2 text-sm font-normal text-slate-600">paid {dollars(request.paidPrice)}</span>}
      </p>
      <p className="font-mono text-sm">{request.vin}</p>
      <Requester request={request} onEnlarge={onEnlarge} />
      <div className="mt-2 flex flex-wrap gap-3">
        {DOCUMENTS.map((key) => {
          const src = request[key]
          return src ? <DocumentThumbnail key={key} src={src} label={DOCUMENT_NAMES[key]} onEnlarge={onEnlarge} /> : null
        })}
      </div>
    </>
  )
}
