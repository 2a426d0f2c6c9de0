import { userReviewState } from '@keydesk/contracts/admin'
import { useCallback, useState } from 'react'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { useUserSearch } from '../api/use-user-search.ts'
import { DocumentImageDialog, type EnlargedDocument } from '../components/document-image-dialog.tsx'
import { UserDetails } from '../components/user-details.tsx'
import { UserSearch } from '../components/user-search.tsx'

/**
 * docs/product.md, 'Back office (admins and super admins)' "Admin registered users": a searchable, paged list of user cards and a detail panel with the ID and
 * insurance images (click to enlarge), validate, revoke and notes.
 */
export function RegisteredUsersPage() {
  const found = useUserSearch()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  // Choosing a user opens their notes as saved, even when the same user is chosen again.
  const [openedCount, setOpenedCount] = useState(0)
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [enlarged, setEnlarged] = useState<EnlargedDocument | null>(null)
  const closeEnlarged = useCallback(() => setEnlarged(null), [])
  const selected = found.users.data?.rows.find((user) => user.id === selectedId)

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
              setOpenedCount((count) => count + 1)
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
        {selected && <UserDetails key={openedCount} user={selected} onEnlarge={setEnlarged} onMessage={setMessage} />}
      </UserSearch>
    </PageFrame>
  )
}
