import { TEAM_MESSAGES, TEAM_ROLE_LABELS, TEAM_ROLE_POWERS } from '@keydesk/contracts/teams'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { longDate } from '../../../lib/dates.ts'
import { useSession } from '../../session/use-session.ts'
import { useInvitationPreview } from '../api/use-join-team.ts'
import { JoinWithAccount } from '../components/join-with-account.tsx'
import { JoinWithNewAccount } from '../components/join-with-new-account.tsx'
import { serverText } from '../failure-text.ts'

/**
 * docs/product.md, 'Enterprise teams': the mailed invitation's page. The invitee sees the business, location and
 * role, then creates their own sign-in and uploads both sides of their own photo ID; then they log in. An invitee
 * signed in with the invited address joins with that account instead.
 */
export function JoinTeamPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const preview = useInvitationPreview(token)
  const session = useSession()

  if (!token || preview.isError) {
    return (
      <PageFrame title="Join your team" width="narrow">
        <Alert tone="error">
          {preview.isError ? serverText(preview.error, TEAM_MESSAGES.invitationInvalid) : TEAM_MESSAGES.invitationInvalid}
        </Alert>
      </PageFrame>
    )
  }
  if (!preview.data) {
    return (
      <PageFrame title="Join your team" width="narrow">
        <Spinner label="Opening your invitation..." />
      </PageFrame>
    )
  }
  const invitation = preview.data
  return (
    <PageFrame
      title="Join your team"
      description={`${invitation.businessName} invites you as ${TEAM_ROLE_LABELS[invitation.role].toLowerCase()} at ${invitation.locationName}.`}
      width="narrow"
    >
      <p className="text-sm text-slate-700">
        {TEAM_ROLE_POWERS[invitation.role]}. You sign in as {invitation.email}; the invitation works until {longDate(invitation.expiresAt)}.
      </p>
      {session.user ? (
        <JoinWithAccount token={token} email={invitation.email} signedInAs={session.user.email} />
      ) : (
        <JoinWithNewAccount token={token} />
      )}
    </PageFrame>
  )
}
