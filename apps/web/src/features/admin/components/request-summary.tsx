import type { AdminRequestSchema } from '@keydesk/contracts/admin'
import { type MouseEvent, useState } from 'react'
import type { z } from 'zod'
import type { EnlargedDocument } from './document-image-dialog.tsx'

type AdminRequest = z.infer<typeof AdminRequestSchema>

const DOCUMENTS = [
  { key: 'frontId', label: 'Front ID' },
  { key: 'backId', label: 'Back ID' },
  { key: 'registration', label: 'Registration' },
  { key: 'licenseFront', label: 'License front' },
  { key: 'licenseBack', label: 'License back' },
] as const

/** A thumbnail that enlarges on click; a file the browser cannot show as an image (a PDF) becomes a plain link. */
function DocumentThumbnail({ src, label, onEnlarge }: { src: string; label: string; onEnlarge: (image: EnlargedDocument) => void }) {
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

/** One paid request on the admin queues: vehicle, requester and the uploaded documents. */
export function RequestSummary({ request, onEnlarge }: { request: AdminRequest; onEnlarge: (image: EnlargedDocument) => void }) {
  return (
    <>
      <p className="font-semibold">
        {request.year} {request.make} {request.model}
      </p>
      <p className="font-mono text-sm">{request.vin}</p>
      <p className="text-sm text-slate-600">
        {request.keycodeUserEmail ?? 'Guest'} · {request.isValidatedUser ? 'validated' : 'not validated'}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        {DOCUMENTS.map(({ key, label }) => {
          const src = request[key]
          return src ? <DocumentThumbnail key={key} src={src} label={label} onEnlarge={onEnlarge} /> : null
        })}
      </div>
    </>
  )
}
