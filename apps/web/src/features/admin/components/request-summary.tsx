import type { AdminRequestSchema } from '@keydesk/contracts/admin'
import { documentLabel, reviewStateLabel } from '@keydesk/contracts/documents'
import { type MouseEvent, useState } from 'react'
import type { z } from 'zod'
import type { EnlargedDocument } from './document-image-dialog.tsx'

export type AdminRequest = z.infer<typeof AdminRequestSchema>

const DOCUMENTS = [
  { key: 'frontId', label: 'Front ID' },
  { key: 'backId', label: 'Back ID' },
  { key: 'registration', label: 'Registration' },
  { key: 'licenseFront', label: 'License front' },
  { key: 'licenseBack', label: 'License back' },
] as const

/** A thumbnail that enlarges on click; a file the browser cannot show as an image (a PDF) becomes a plain link. */
export function DocumentThumbnail({ src, label, onEnlarge }: { src: string; label: string; onEnlarge: (image: EnlargedDocument) => void }) {
  const [isUnviewable, setIsUnviewable] = useState(false)
  if (isUnviewable) {
    return (
      <a className="text-sm text-brand-600 hover:underline" href={src} target="_blank" rel="noopener noreferrer">
        {label} (open file)
      </a>
    )
  }
  return (
    <button
      type="button"
      aria-label={`Enlarge ${label}`}
      onClick={(event: MouseEvent<HTMLButtonElement>) => onEnlarge({ src, label, opener: event.currentTarget })}
      className="flex flex-col items-center gap-1 rounded-md border border-slate-200 p-1 hover:border-brand-600"
    >
      <img src={src} alt="" className="h-16 w-24 rounded bg-slate-100 object-cover" onError={() => setIsUnviewable(true)} />
      <span className="text-xs text-slate-700">{label}</span>
    </button>
  )
}

const dollars = (amount: number) => `$${amount.toFixed(2)}`

/** Who asked for the code and what the release gate will read (decision 013): validation and documents. */
function Requester({ request }: { request: AdminRequest }) {
  if (request.isGuest) {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-medium">Guest</span> · identity to check against the licence photos below
      </p>
    )
  }
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
              className={`rounded-full px-2 py-0.5 ${
                document.verified === true
                  ? 'bg-green-100 text-green-900'
                  : document.verified === false
                    ? 'bg-red-100 text-red-900'
                    : 'bg-slate-100 text-slate-800'
              }`}
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
      <Requester request={request} />
      <div className="mt-2 flex flex-wrap gap-3">
        {DOCUMENTS.map(({ key, label }) => {
          const src = request[key]
          return src ? <DocumentThumbnail key={key} src={src} label={label} onEnlarge={onEnlarge} /> : null
        })}
      </div>
    </>
  )
}
