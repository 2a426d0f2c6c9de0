import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'

const DOCUMENTS = ['frontId', 'backId', 'registration'] as const

/** Links to the documents the member sent with the request, each in a new tab. */
export function OrderDocuments({ request }: { request: VehicleRequestView }) {
  return (
    <div className="mt-2 flex gap-3 text-sm">
      {DOCUMENTS.map((document) => {
        const href = request[document]
        return (
          href && (
            <a key={document} className="text-brand-600 hover:underline" href={href} target="_blank" rel="noopener noreferrer">
              {DOCUMENT_NAMES[document]}
            </a>
          )
        )
      })}
    </div>
  )
}
