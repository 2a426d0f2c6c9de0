import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useAdminUsers, useReviewDocument, useUserDocuments } from '../api/use-admin-users.ts'

/** Spec 2.7 "Admin document validation": users, then per user the documents with approve and reject. */
export function DocumentValidationPage() {
  const users = useAdminUsers()
  const [userId, setUserId] = useState<string | null>(null)
  const documents = useUserDocuments(userId)
  const review = useReviewDocument()
  const [notes, setNotes] = useState<Record<string, string>>({})

  return (
    <PageFrame title="Document Validation">
      {users.isPending && <Spinner />}
      {users.isError && <Alert tone="error">{users.error.message}</Alert>}
      <div className="grid gap-6 md:grid-cols-3">
        <ul className="space-y-2">
          {users.data?.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => setUserId(user.id)}
                className={`w-full rounded-lg border p-3 text-left ${user.id === userId ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
              >
                {user.fname} {user.lname}
                <span className="block text-sm text-slate-600">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
        <section aria-label="Documents" className="md:col-span-2">
          {!userId && <p className="text-slate-600">Choose a user to see their documents.</p>}
          {documents.isFetching && <Spinner />}
          {documents.data?.length === 0 && <p>No documents uploaded.</p>}
          <ul className="space-y-3">
            {documents.data?.map((document) => (
              <li key={document.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-semibold">
                  {document.docType} · {document.verified === null ? 'pending' : document.verified ? 'verified' : 'rejected'}
                </p>
                <p className="text-sm text-slate-600">Uploaded {new Date(document.uploadedAt).toLocaleString()}</p>
                {document.reviewNotes && <p className="text-sm">Notes: {document.reviewNotes}</p>}
                <a className="text-sm text-brand-600 hover:underline" href={document.fileUrl} target="_blank" rel="noopener noreferrer">
                  Open document
                </a>
                <label htmlFor={`notes-${document.id}`} className="mt-2 block text-sm font-medium">
                  Review notes
                </label>
                <input
                  id={`notes-${document.id}`}
                  value={notes[document.id] ?? ''}
                  onChange={(event) => setNotes({ ...notes, [document.id]: event.target.value })}
                  className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
                />
                <div className="mt-2 flex gap-2">
                  <Button onClick={() => review.mutate({ id: document.id, verified: true, notes: notes[document.id] ?? '' })}>
                    Approve
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => review.mutate({ id: document.id, verified: false, notes: notes[document.id] ?? '' })}
                  >
                    Reject
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {review.isError && <Alert tone="error">{review.error.message}</Alert>}
        </section>
      </div>
    </PageFrame>
  )
}
