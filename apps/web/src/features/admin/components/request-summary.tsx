import type { AdminRequest } from '@keydesk/contracts/admin'
import { DOCUMENT_NAMES, documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { OWNERSHIP_DOCUMENT_LABELS } from '@keydesk/contracts/vehicle-request'
import { BuyerDocuments } from './buyer-review.tsx'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { reviewBadgeClass } from './document-review-card.tsx'
import { DocumentThumbnail } from './document-thumbnail.tsx'

const PHOTOS = ['frontId', 'backId', 'registration', 'licenseFront', 'licenseBack', 'platePhoto', 'odometerPhoto'] as const

const dollars = (amount: number) => `$${amount.toFixed(2)}`

/**
 * The photos sent with the request itself: a guest's licence, a member's registration or ID photos, the plate and the
 * odometer; the ownership photo is named by what the buyer said it is (docs/decisions/041).
 */
export const requestPhotos = (request: AdminRequest) =>
  PHOTOS.flatMap((key) => {
    const src = request[key]
    const label =
      key === 'registration' && request.ownershipDocument ? OWNERSHIP_DOCUMENT_LABELS[request.ownershipDocument] : DOCUMENT_NAMES[key]
    return src ? [{ key, src, label }] : []
  })

/** The vehicle as paid, and for a guest the name typed at checkout, which the licence photos are checked against. */
export function RequestFacts({ request }: { request: AdminRequest }) {
  return (
    <>
      <p className="font-semibold">
        {request.year} {request.make} {request.model}
        {request.paidPrice !== null && <span className="ml-2 text-sm font-normal text-slate-600">paid {dollars(request.paidPrice)}</span>}
      </p>
      <p className="break-all font-mono text-sm">{request.vin}</p>
      {request.isGuest && (
        <p className="break-words text-sm text-slate-700">Name typed at checkout: {request.checkoutName ?? 'none given'}</p>
      )}
      {request.ownerName && (
        <p className="break-words text-sm text-slate-700">Vehicle owner (customer authorisation): {request.ownerName}</p>
      )}
    </>
  )
}

/**
 * Every document of the order: a member's documents with their review (worked in place), or, for an account deleted
 * since, the review states the order kept; then the photos sent with the request.
 */
export function RequestDocuments({ request, onEnlarge }: { request: AdminRequest; onEnlarge: (image: EnlargedDocument) => void }) {
  const photos = requestPhotos(request)
  return (
    <div className="space-y-3">
      {request.buyerId && <BuyerDocuments buyerId={request.buyerId} onEnlarge={onEnlarge} />}
      {!request.buyerId && !request.isGuest && request.documents.length > 0 && (
        <ul aria-label="Documents on file" className="flex flex-wrap gap-2 text-xs">
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
      {photos.length > 0 && (
        <ul aria-label="Photos sent with the request" className="flex flex-wrap gap-3">
          {photos.map((photo) => (
            <li key={photo.key}>
              <DocumentThumbnail src={photo.src} label={photo.label} onEnlarge={onEnlarge} />
            </li>
          ))}
        </ul>
      )}
      {!request.buyerId && photos.length === 0 && request.documents.length === 0 && (
        <p className="text-sm text-slate-600">No documents on file.</p>
      )}
    </div>
  )
}
