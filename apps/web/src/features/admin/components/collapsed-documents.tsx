import type { AdminRequest } from '@keydesk/contracts/admin'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { RequestDocuments, requestPhotos } from './request-summary.tsx'

/** The order's documents and photos, collapsed behind their count until opened. */
export function CollapsedDocuments({ request, onEnlarge }: { request: AdminRequest; onEnlarge: (image: EnlargedDocument) => void }) {
  const documentsId = useId()
  const [isShowingDocuments, setIsShowingDocuments] = useState(false)
  const documentCount = request.documents.length + requestPhotos(request).length
  return (
    <div className="mt-3">
      <Button
        variant="link"
        aria-expanded={isShowingDocuments}
        aria-controls={documentsId}
        onClick={() => setIsShowingDocuments((showing) => !showing)}
      >
        {isShowingDocuments ? 'Hide documents' : `Show documents (${documentCount})`}
      </Button>
      <div id={documentsId} className="mt-2">
        {isShowingDocuments && <RequestDocuments request={request} onEnlarge={onEnlarge} />}
      </div>
    </div>
  )
}
