import { userReviewState } from '@keydesk/contracts/admin'
import { useCallback, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useUserDocuments } from '../api/use-admin-users.ts'
import { useUserSearch } from '../api/use-user-search.ts'
import { DocumentImageDialog, type EnlargedDocument } from '../components/document-image-dialog.tsx'
import { DocumentReviewCard } from '../components/document-review-card.tsx'
import { UserSearch } from '../components/user-search.tsx'

/** docs/product.md, 'Back office (admins and super admins)' "Admin document validation": a searchable list of users, then per user the documents to review. */
export function DocumentValidationPage() {
  const found = useUserSearch()
  const [userId, setUserId] = useState<string | null>(null)
  const documents = useUserDocuments(userId)
  const [enlarged, setEnlarged] = useState<EnlargedDocument | null>(null)
  const closeEnlarged = useCallback(() => setEnlarged(null), [])

  return (
    <PageFrame title="Document Validation">
      <DocumentImageDialog image={enlarged} onClose={closeEnlarged} />
      <UserSearch
        found={found}
        columns="md:grid-cols-3"
        renderUser={(user) => (
          <button
            type="button"
            aria-pressed={user.id === userId}
            onClick={() => setUserId(user.id)}
            className={`w-full rounded-lg border p-3 text-left ${user.id === userId ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
          >
            {user.fname} {user.lname}
            <span className="block break-all text-sm text-slate-600">{user.email}</span>
            <span className="block text-xs font-medium text-slate-700">{userReviewState(user)}</span>
          </button>
        )}
      >
        <section aria-label="Documents" className="md:col-span-2">
          {!userId && <p className="text-slate-600">Choose a user to see their documents.</p>}
          {documents.isFetching && <Spinner />}
          {documents.isError && <Alert tone="error">{documents.error.message}</Alert>}
          {documents.data?.length === 0 && <p>No documents uploaded.</p>}
          <ul className="space-y-3">
            {documents.data?.map((document) => (
              <DocumentReviewCard key={document.id} document={document} onEnlarge={setEnlarged} />
            ))}
          </ul>
        </section>
      </UserSearch>
    </PageFrame>
  )
}
