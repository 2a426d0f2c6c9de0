import type { CredentialDocument } from '@keydesk/contracts/credentials'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useCredentials } from '../api/use-credentials.ts'

const REVIEW_LABELS: Record<CredentialDocument['review'], string> = {
  PENDING: 'Pending review',
  VERIFIED: 'Verified',
  REJECTED: 'Rejected',
}

/** The credential documents the member uploaded, each with its date and the admins' review. */
export function DocumentsOnFile() {
  const credentials = useCredentials()
  return (
    <section aria-labelledby="documents-on-file">
      <h3 id="documents-on-file" className="font-semibold text-slate-900">
        Documents on file
      </h3>
      {credentials.isPending && <Spinner label="Loading your documents..." />}
      {credentials.isError && (
        <Alert tone="error" title="Your documents could not be loaded.">
          <Button variant="link" onClick={() => credentials.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {credentials.data &&
        (credentials.data.identificationDocuments.length === 0 ? (
          <p className="text-sm text-slate-600">No document uploaded yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {credentials.data.identificationDocuments.map((document) => (
              <li key={`${document.name}-${document.uploadDate}`} className="flex justify-between py-2">
                <span>{document.name}</span>
                <span className="text-slate-600">
                  {new Date(document.uploadDate).toLocaleDateString()} · {REVIEW_LABELS[document.review]}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  )
}
