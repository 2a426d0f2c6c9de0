import { TEAM_ROLE_LABELS, type TeamInvitation } from '@keydesk/contracts/teams'
import { Button } from '../../../components/ui/button.tsx'
import { longDate } from '../../../lib/dates.ts'

/** The invitations nobody has answered yet, each with its role, location and last day, and a way to withdraw it. */
export function PendingInvitations({
  invitations,
  onWithdraw,
}: {
  invitations: TeamInvitation[]
  onWithdraw: (invitation: TeamInvitation) => void
}) {
  return (
    <section aria-labelledby="team-invitations" className="mt-8">
      <h2 id="team-invitations" className="text-xl font-semibold text-brand-900">
        Pending invitations
      </h2>
      {invitations.length === 0 && <p className="mt-2 text-slate-600">No invitation is waiting.</p>}
      <ul className="mt-3 space-y-2">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
          >
            <span>
              {invitation.email} · {TEAM_ROLE_LABELS[invitation.role]} at {invitation.locationName} · until {longDate(invitation.expiresAt)}
            </span>
            <Button variant="secondary" onClick={() => onWithdraw(invitation)}>
              Withdraw the invitation of {invitation.email}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
