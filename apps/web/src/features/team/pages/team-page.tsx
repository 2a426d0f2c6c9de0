import { TEAM_SENTENCE } from '@keydesk/contracts/team-plan'
import { TEAM_ROLE_LABELS, TEAM_ROLE_POWERS } from '@keydesk/contracts/teams'
import { useState } from 'react'
import { Link } from 'react-router'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../lib/paths.ts'
import { useRequestStatusStream } from '../../../lib/use-request-status-stream.ts'
import { teamKeys, useMembership, useTeam } from '../api/use-team.ts'
import { BusinessOrders } from '../components/business-orders.tsx'
import { ManageTeam } from '../components/manage-team.tsx'
import { type TeamResult, teamFailureText } from '../team-result.ts'

/** The lists a status event of the business's orders moves (docs/decisions/039). */
const TEAM_STATUS_LISTS = [teamKeys.everyOrderList] as const

/**
 * docs/product.md, 'Enterprise teams': the owner's and managers' team (locations, invitations, people) and the
 * business's orders; a technician sees their business and their own orders; anyone else what the team plan gives.
 */
export function TeamPage() {
  const membership = useMembership()
  // The business's orders move on this page as the back office starts and releases them.
  useRequestStatusStream(TEAM_STATUS_LISTS)
  const manages = membership.data !== undefined && membership.data !== null && membership.data.position !== 'TECHNICIAN'
  const team = useTeam(manages)
  const [result, setResult] = useState<TeamResult>(null)

  if (membership.isPending) {
    return (
      <PageFrame title="Team">
        <Spinner label="Loading your team..." />
      </PageFrame>
    )
  }
  if (membership.isError) {
    return (
      <PageFrame title="Team">
        <Alert tone="error">Your team could not be loaded. Please try again.</Alert>
      </PageFrame>
    )
  }
  const standing = membership.data
  if (!standing) {
    return (
      <PageFrame title="Team" description={TEAM_SENTENCE}>
        <Link to={paths.membership} className="font-semibold text-brand-600 underline">
          See the plans
        </Link>
      </PageFrame>
    )
  }
  return (
    <PageFrame
      title="Team"
      description={`${standing.business.name} · ${TEAM_ROLE_LABELS[standing.position]}: ${TEAM_ROLE_POWERS[standing.position]}`}
    >
      {standing.closedReason && <Alert tone="warning">{standing.closedReason}</Alert>}
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      {manages && team.isPending && <Spinner label="Loading your team..." />}
      {manages && team.isError && <Alert tone="error">{teamFailureText(team.error)}</Alert>}
      {team.data && <ManageTeam team={team.data} onResult={setResult} />}
      <BusinessOrders membership={standing} people={team.data?.people ?? []} />
    </PageFrame>
  )
}
