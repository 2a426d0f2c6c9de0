import type { AdminUser } from '@keydesk/contracts/admin'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { useUserAction } from '../api/use-admin-users.ts'
import { AccountClosingActions } from './account-closing-actions.tsx'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { DocumentThumbnail } from './document-thumbnail.tsx'

const USER_DOCUMENTS = [
  { key: 'frontId', label: DOCUMENT_NAMES.frontId },
  { key: 'backId', label: DOCUMENT_NAMES.backId },
  { key: 'insurance', label: DOCUMENT_NAMES.insurance },
] as const

export interface UserDetailsProps {
  user: AdminUser
  onEnlarge: (document: EnlargedDocument) => void
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void
}

/** A registered user's details: contact, trial and state, the ID and insurance images, validate, revoke and notes. */
export function UserDetails({ user, onEnlarge, onMessage }: UserDetailsProps) {
  const action = useUserAction()
  const [notes, setNotes] = useState(user.adminNotes ?? '')

  const run = (path: string, failure: string, body?: URLSearchParams) =>
    action.mutate(
      { path, body },
      {
        onSuccess: (answer) => onMessage({ tone: 'success', text: answer.message }),
        onError: () => onMessage({ tone: 'error', text: failure }),
      },
    )

  return (
    <section aria-label="User details" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-xl font-semibold">
        {user.fname} {user.lname}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
        <dt>Phone:</dt>
        <dd>{user.phone ?? '–'}</dd>
        <dt>Email:</dt>
        <dd className="break-all">{user.email}</dd>
        <dt>State:</dt>
        <dd>{user.state ?? '–'}</dd>
        <dt>Trial ends:</dt>
        <dd>{user.trialEndsAt ? new Date(user.trialEndsAt).toLocaleDateString() : '–'}</dd>
        <dt>Account:</dt>
        <dd>
          {user.isValidatedUser ? 'Validated' : 'Not validated'} · {user.isActive ? 'Active' : 'Inactive'}
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">ID and insurance</h3>
      <div className="mt-2 flex flex-wrap gap-3">
        {USER_DOCUMENTS.every(({ key }) => !user[key]) && <p className="text-sm text-slate-600">No documents on file.</p>}
        {USER_DOCUMENTS.map(({ key, label }) => {
          const src = user[key]
          return src ? <DocumentThumbnail key={key} src={src} label={label} onEnlarge={onEnlarge} /> : null
        })}
      </div>
      <div className="mt-4 flex gap-2">
        <Button disabled={user.isValidatedUser} onClick={() => run(`/admin/validate-user/${user.id}`, 'Failed to validate user.')}>
          Validate
        </Button>
        <Button
          variant="danger"
          disabled={!user.isActive}
          onClick={() => {
            if (window.confirm("Revoke this user's access?")) run(`/admin/users/${user.id}/revoke`, 'Failed to revoke user.')
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
        onClick={() => run(`/admin/users/${user.id}/notes`, 'Failed to update notes.', new URLSearchParams({ notes }))}
      >
        Save notes
      </Button>
      <AccountClosingActions user={user} onDone={(text) => onMessage({ tone: 'success', text })} />
    </section>
  )
}
