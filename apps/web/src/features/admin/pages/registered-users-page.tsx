import { userReviewState } from '@keydesk/contracts/admin'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { useCallback, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { useUserAction } from '../api/use-admin-users.ts'
import { useUserSearch } from '../api/use-user-search.ts'
import { AccountClosingActions } from '../components/account-closing-actions.tsx'
import { DocumentImageDialog, type EnlargedDocument } from '../components/document-image-dialog.tsx'
import { DocumentThumbnail } from '../components/document-thumbnail.tsx'
import { UserSearch } from '../components/user-search.tsx'

const USER_DOCUMENTS = [
  { key: 'frontId', label: DOCUMENT_NAMES.frontId },
  { key: 'backId', label: DOCUMENT_NAMES.backId },
  { key: 'insurance', label: DOCUMENT_NAMES.insurance },
] as const

/**
 * docs/product.md, 'Back office (admins and super admins)' "Admin registered users": a searchable, paged list of user cards and a detail panel with the ID and
 * insurance images (click to enlarge), validate, revoke and notes.
 */
export function RegisteredUsersPage() {
  const found = useUserSearch()
  const action = useUserAction()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [notes, setNotes] = useState('')
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [enlarged, setEnlarged] = useState<EnlargedDocument | null>(null)
  const closeEnlarged = useCallback(() => setEnlarged(null), [])
  const selected = found.users.data?.rows.find((user) => user.id === selectedId)

  const run = (path: string, failure: string, body?: URLSearchParams) =>
    action.mutate(
      { path, body },
      {
        onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
        onError: () => setMessage({ tone: 'error', text: failure }),
      },
    )

  return (
    <PageFrame title="Registered Users">
      {message && <Toast message={message.text} tone={message.tone} takesFocus onClose={() => setMessage(null)} />}
      <DocumentImageDialog image={enlarged} onClose={closeEnlarged} />
      <UserSearch
        found={found}
        columns="md:grid-cols-2"
        renderUser={(user) => (
          <button
            type="button"
            onClick={() => {
              setSelectedId(user.id)
              setNotes(user.adminNotes ?? '')
            }}
            className={`w-full rounded-lg border p-3 text-left ${user.id === selectedId ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
          >
            <span className="font-semibold">
              {user.fname} {user.lname}
            </span>
            <span className="block text-sm text-slate-600">{user.email}</span>
            <span className="block text-xs font-medium text-slate-700">{userReviewState(user)}</span>
          </button>
        )}
      >
        {selected && (
          <section aria-label="User details" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="text-xl font-semibold">
              {selected.fname} {selected.lname}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
              <dt>Phone:</dt>
              <dd>{selected.phone ?? '–'}</dd>
              <dt>Email:</dt>
              <dd className="break-all">{selected.email}</dd>
              <dt>State:</dt>
              <dd>{selected.state ?? '–'}</dd>
              <dt>Trial ends:</dt>
              <dd>{selected.trialEndsAt ? new Date(selected.trialEndsAt).toLocaleDateString() : '–'}</dd>
              <dt>Account:</dt>
              <dd>
                {selected.isValidatedUser ? 'Validated' : 'Not validated'} · {selected.isActive ? 'Active' : 'Inactive'}
              </dd>
            </dl>
            <h3 className="mt-4 text-sm font-semibold">ID and insurance</h3>
            <div className="mt-2 flex flex-wrap gap-3">
              {USER_DOCUMENTS.every(({ key }) => !selected[key]) && <p className="text-sm text-slate-600">No documents on file.</p>}
              {USER_DOCUMENTS.map(({ key, label }) => {
                const src = selected[key]
                return src ? <DocumentThumbnail key={key} src={src} label={label} onEnlarge={setEnlarged} /> : null
              })}
            </div>
            <div className="mt-4 flex gap-2">
              <Button
                disabled={selected.isValidatedUser}
                onClick={() => run(`/admin/validate-user/${selected.id}`, 'Failed to validate user.')}
              >
                Validate
              </Button>
              <Button
                variant="danger"
                disabled={!selected.isActive}
                onClick={() => {
                  if (window.confirm("Revoke this user's access?")) run(`/admin/users/${selected.id}/revoke`, 'Failed to revoke user.')
                }}
              >
                Revoke
              </Button>
            </div>
            <label htmlFor="admin-notes" className="mt-4 block text-sm font-medium">
              Admin notes
            </label>
            <textarea
              id="admin-notes"
              rows={4}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
            <Button
              className="mt-2"
              variant="secondary"
              onClick={() => run(`/admin/users/${selected.id}/notes`, 'Failed to update notes.', new URLSearchParams({ notes }))}
            >
              Save notes
            </Button>
            <AccountClosingActions user={selected} onDone={(text) => setMessage({ tone: 'success', text })} />
          </section>
        )}
      </UserSearch>
    </PageFrame>
  )
}
