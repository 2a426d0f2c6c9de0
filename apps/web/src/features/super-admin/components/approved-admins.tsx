import { ACCOUNT_MESSAGES, type AdminAccount, revocationNotes } from '@keydesk/contracts/accounts-api'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { matchesSearch } from '../admin-search.ts'
import { useDecideAdmin } from '../api/use-super-admin.ts'
import type { Notify } from '../notice.ts'
import { RevokeAdminDialog } from './revoke-admin-dialog.tsx'

export interface ApprovedAdminsProps {
  admins: AdminAccount[] | undefined
  search: string
  superAdminEmail: string
  onNotice: Notify
}

/** docs/product.md, 'Super admin': the approved admins, each revocable with a reason. */
export function ApprovedAdmins({ admins, search, superAdminEmail, onNotice }: ApprovedAdminsProps) {
  const decide = useDecideAdmin(superAdminEmail)
  const [revoking, setRevoking] = useState<AdminAccount | null>(null)
  const shown = admins?.filter((admin) => matchesSearch(admin, search))

  // The reject call answers 'rejected' for a revocation too (docs/product.md, 'The API contract', 'Super admin'), so the screen says what happened.
  const revoke = (admin: AdminAccount, reason: string) =>
    decide.mutate(
      { adminId: admin.id, approve: false, notes: revocationNotes(reason) },
      {
        onSuccess: () => {
          setRevoking(null)
          onNotice({ tone: 'success', text: `${ACCOUNT_MESSAGES.adminRevoked} ${admin.fname} ${admin.lname} can no longer sign in.` })
        },
        onError: () => onNotice({ tone: 'error', text: 'Failed to revoke admin' }),
      },
    )

  return (
    <section aria-labelledby="approved-admins" className="mt-8">
      <h2 id="approved-admins" className="text-xl font-semibold">
        Approved admins
      </h2>
      {shown?.length === 0 && (
        <p className="mt-2 text-slate-600">{search ? 'No approved admin matches this search.' : 'No approved admins yet.'}</p>
      )}
      <ul className="mt-3 space-y-2">
        {shown?.map((admin) => (
          <li key={admin.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
            <span>
              {admin.fname} {admin.lname} · {admin.email}
            </span>
            <Button variant="secondary" aria-label={`Revoke ${admin.fname} ${admin.lname}`} onClick={() => setRevoking(admin)}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <RevokeAdminDialog
        admin={revoking}
        isBusy={decide.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={(reason) => revoking && revoke(revoking, reason)}
      />
    </section>
  )
}
