import { TEAM_SENTENCE } from '@keydesk/contracts/team-plan'
import { TEAM_ROLE_LABELS, TEAM_ROLE_POWERS, type TeamAnswer, type TeamPerson } from '@keydesk/contracts/teams'
import { useState } from 'react'
import { Link } from 'react-router'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { longDate } from '../../../lib/dates.ts'
import { paths } from '../../../lib/paths.ts'
import { useRequestStatusStream } from '../../../lib/use-request-status-stream.ts'
import {
  teamKeys,
  useChangePerson,
  useCreateLocation,
  useInvite,
  useMembership,
  useRemoveLocation,
  useRemovePerson,
  useTeam,
  useWithdrawInvitation,
} from '../api/use-team.ts'
import { BusinessOrders } from '../components/business-orders.tsx'
import { PersonChangeDialog } from '../components/person-change-dialog.tsx'
import { InviteForm, LocationForm } from '../components/team-forms.tsx'

type Result = { tone: 'success' | 'error'; text: string } | null

/** The lists a status event of the business's orders moves (docs/decisions/039). */
const TEAM_STATUS_LISTS = [teamKeys.everyOrderList] as const

const failureText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'That did not work. Please try again.'

function ManageTeam({ team, onResult }: { team: TeamAnswer; onResult: (result: Result) => void }) {
  const createLocation = useCreateLocation()
  const removeLocation = useRemoveLocation()
  const invite = useInvite()
  const withdraw = useWithdrawInvitation()
  const removePerson = useRemovePerson()
  const changePerson = useChangePerson()
  const [changing, setChanging] = useState<TeamPerson | null>(null)
  const isOwner = team.position === 'OWNER'
  const act = async <T,>(run: () => Promise<T>, success: (answer: T) => string) => {
    try {
      onResult({ tone: 'success', text: success(await run()) })
    } catch (error) {
      onResult({ tone: 'error', text: failureText(error) })
      throw error
    }
  }
  const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined)

  return (
    <>
      <section aria-labelledby="team-locations" className="mt-8">
        <h2 id="team-locations" className="text-xl font-semibold text-brand-900">
          Locations
        </h2>
        {team.locations.length === 0 && <p className="mt-2 text-slate-600">No location yet.</p>}
        <ul className="mt-3 space-y-2">
          {team.locations.map((location) => (
            <li
              key={location.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              <span>
                <span className="font-semibold">{location.name}</span> · {location.address}, {location.region} · {location.phone}
              </span>
              {isOwner && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    quietly(
                      act(
                        () => removeLocation.mutateAsync(location.id),
                        (answer) => answer.message,
                      ),
                    )
                  }
                >
                  Remove {location.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {isOwner && team.enterpriseActive && (
          <div className="mt-4">
            <LocationForm
              isBusy={createLocation.isPending}
              onCreate={(body) =>
                act(
                  () => createLocation.mutateAsync(body),
                  (location) => `${location.name} added.`,
                )
              }
            />
          </div>
        )}
      </section>

      {team.enterpriseActive && team.locations.length > 0 && (
        <section aria-labelledby="team-invite" className="mt-8">
          <h2 id="team-invite" className="text-xl font-semibold text-brand-900">
            Invite someone
          </h2>
          <div className="mt-3">
            <InviteForm
              team={team}
              isBusy={invite.isPending}
              onInvite={(body) =>
                act(
                  () => invite.mutateAsync(body),
                  (answer) => answer.message,
                )
              }
            />
          </div>
        </section>
      )}

      <section aria-labelledby="team-invitations" className="mt-8">
        <h2 id="team-invitations" className="text-xl font-semibold text-brand-900">
          Pending invitations
        </h2>
        {team.invitations.length === 0 && <p className="mt-2 text-slate-600">No invitation is waiting.</p>}
        <ul className="mt-3 space-y-2">
          {team.invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              <span>
                {invitation.email} · {TEAM_ROLE_LABELS[invitation.role]} at {invitation.locationName} · until{' '}
                {longDate(invitation.expiresAt)}
              </span>
              <Button
                variant="secondary"
                onClick={() =>
                  quietly(
                    act(
                      () => withdraw.mutateAsync(invitation.id),
                      (answer) => answer.message,
                    ),
                  )
                }
              >
                Withdraw the invitation of {invitation.email}
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team-people" className="mt-8">
        <h2 id="team-people" className="text-xl font-semibold text-brand-900">
          People
        </h2>
        {team.people.length === 0 && <p className="mt-2 text-slate-600">Nobody has joined yet.</p>}
        <ul className="mt-3 space-y-2">
          {team.people.map((person) => (
            <li
              key={person.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              <span>
                <span className="font-semibold">{person.name}</span> · {TEAM_ROLE_LABELS[person.role]} ·{' '}
                {person.locations.map((location) => location.name).join(', ')} ·{' '}
                {person.validated ? 'Photo ID validated' : 'Photo ID waiting for review'}
              </span>
              <span className="flex flex-wrap gap-2">
                {isOwner && (
                  <Button variant="secondary" onClick={() => setChanging(person)}>
                    Change role or locations of {person.name}
                  </Button>
                )}
                {(isOwner || person.role === 'TECHNICIAN') && (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      quietly(
                        act(
                          () => removePerson.mutateAsync(person.id),
                          (answer) => answer.message,
                        ),
                      )
                    }
                  >
                    Remove {person.name}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {changing && (
        <PersonChangeDialog
          person={changing}
          team={team}
          isBusy={changePerson.isPending}
          onSave={(body) =>
            act(
              () => changePerson.mutateAsync({ id: changing.id, body }),
              (answer) => answer.message,
            )
          }
          onClose={() => setChanging(null)}
        />
      )}
    </>
  )
}

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
  const [result, setResult] = useState<Result>(null)

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
      {manages && team.isError && <Alert tone="error">{failureText(team.error)}</Alert>}
      {team.data && <ManageTeam team={team.data} onResult={setResult} />}
      <BusinessOrders membership={standing} people={team.data?.people ?? []} />
    </PageFrame>
  )
}
