import type { DecidedAdmin } from '@keydesk/contracts/accounts-api'
import { DEFAULT_PAGE_SIZE } from '@keydesk/contracts/limits'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'

export interface DecidedAdminsListProps {
  admins: DecidedAdmin[] | undefined
  isPending: boolean
  searching: boolean
  offset: number
  onPage: (offset: number) => void
}

const KIND_WORDS = { REJECTED: 'Rejected', REVOKED: 'Revoked' } as const

/** Rejected and revoked admins: who decided, when and why, one page at a time. */
export function DecidedAdminsList({ admins, isPending, searching, offset, onPage }: DecidedAdminsListProps) {
  return (
    <section aria-labelledby="decided-admins" className="mt-8">
      <h2 id="decided-admins" className="text-xl font-semibold">
        Rejected and revoked admins
      </h2>
      {isPending && <Spinner />}
      {admins?.length === 0 && (
        <p className="mt-2 text-slate-600">
          {searching ? 'No rejected or revoked admin matches this search.' : 'No admin has been rejected or revoked.'}
        </p>
      )}
      <ul className="mt-3 space-y-2">
        {admins?.map((admin) => (
          <li key={admin.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <p>
              <span className="font-medium">{KIND_WORDS[admin.kind]}</span> · {admin.fname} {admin.lname} · {admin.email}
              {admin.role === 'SUPER_ADMIN' && ' · super admin'}
            </p>
            <p className="text-sm text-slate-700">
              {admin.decidedBy ? `By ${admin.decidedBy.name}` : 'By an unrecorded super admin'} on{' '}
              {new Date(admin.decidedAt).toLocaleString()}
              {admin.reason && <> · Reason: {admin.reason}</>}
            </p>
          </li>
        ))}
      </ul>
      {(offset > 0 || admins?.length === DEFAULT_PAGE_SIZE) && (
        <div className="mt-3 flex gap-2">
          <Button variant="secondary" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - DEFAULT_PAGE_SIZE))}>
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={(admins?.length ?? 0) < DEFAULT_PAGE_SIZE}
            onClick={() => onPage(offset + DEFAULT_PAGE_SIZE)}
          >
            Next
          </Button>
        </div>
      )}
    </section>
  )
}
