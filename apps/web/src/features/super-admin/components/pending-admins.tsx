import { type AdminAccount, APPROVAL_NOTES } from '@keydesk/contracts/accounts-api'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { matchesSearch } from '../admin-search.ts'
import { useDecideAdmin } from '../api/use-super-admin.ts'
import type { Notify } from '../notice.ts'

/** What a bulk decision did, in the words of that decision (errors stay silent, as for one by one). */
export const bulkDecisionText = (approve: boolean, count: number) =>
  `${count} admin ${count === 1 ? 'account' : 'accounts'} ${approve ? 'approved' : 'rejected'}.`

export interface PendingAdminsProps {
  admins: AdminAccount[] | undefined
  isPending: boolean
  search: string
  superAdminEmail: string
  onNotice: Notify
}

/** docs/product.md, 'Super admin': the admins waiting for approval, decided one by one or a selection at once. */
export function PendingAdmins({ admins, isPending, search, superAdminEmail, onNotice }: PendingAdminsProps) {
  const decide = useDecideAdmin(superAdminEmail)
  const [selected, setSelected] = useState<string[]>([])

  const decideOne = (adminId: string, approve: boolean) =>
    decide.mutate(
      { adminId, approve },
      {
        onSuccess: (answer) => onNotice({ tone: 'success', text: answer.message }),
        onError: () => onNotice({ tone: 'error', text: approve ? 'Failed to approve admin' : 'Failed to reject admin' }),
      },
    )
  // Bulk errors are ignored silently, as the contract's screen does.
  const decideSelected = async (approve: boolean) => {
    const results = await Promise.allSettled(
      selected.map((adminId) =>
        decide.mutateAsync({ adminId, approve, notes: approve ? APPROVAL_NOTES.bulkApproved : APPROVAL_NOTES.bulkRejected }),
      ),
    )
    setSelected([])
    onNotice({ tone: 'success', text: bulkDecisionText(approve, results.filter((result) => result.status === 'fulfilled').length) })
  }

  return (
    <section aria-labelledby="pending-admins" className="mt-6">
      <h2 id="pending-admins" className="text-xl font-semibold">
        Pending admins
      </h2>
      {isPending && <Spinner />}
      <div className="mt-2 flex gap-2">
        <Button disabled={selected.length === 0} onClick={() => decideSelected(true)}>
          Approve selected
        </Button>
        <Button variant="danger" disabled={selected.length === 0} onClick={() => decideSelected(false)}>
          Reject selected
        </Button>
      </div>
      {admins?.length === 0 && <p className="mt-2 text-slate-600">No admin is waiting for approval.</p>}
      <ul className="mt-3 space-y-2">
        {admins
          ?.filter((admin) => matchesSearch(admin, search))
          .map((admin) => (
            <li key={admin.id} className="flex items-center justify-between rounded-lg border border-slate-200 bg-white p-3">
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  checked={selected.includes(admin.id)}
                  onChange={(event) =>
                    setSelected(event.target.checked ? [...selected, admin.id] : selected.filter((id) => id !== admin.id))
                  }
                />
                <span>
                  {admin.fname} {admin.lname} · {admin.email} · {admin.company ?? ''}
                </span>
              </label>
              <span className="flex gap-2">
                <Button onClick={() => decideOne(admin.id, true)}>Approve</Button>
                <Button variant="secondary" onClick={() => decideOne(admin.id, false)}>
                  Reject
                </Button>
              </span>
            </li>
          ))}
      </ul>
    </section>
  )
}
