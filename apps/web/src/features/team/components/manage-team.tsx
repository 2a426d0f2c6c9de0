import type { TeamAnswer, TeamPerson } from '@keydesk/contracts/teams'
import { useState } from 'react'
import {
  useChangePerson,
  useCreateLocation,
  useInvite,
  useRemoveLocation,
  useRemovePerson,
  useWithdrawInvitation,
} from '../api/use-team.ts'
import { type TeamResult, teamFailureText } from '../team-result.ts'
import { PendingInvitations } from './pending-invitations.tsx'
import { PersonChangeDialog } from './person-change-dialog.tsx'
import { InviteForm } from './team-forms.tsx'
import { TeamLocations } from './team-locations.tsx'
import { TeamPeople } from './team-people.tsx'

/** The owner's and managers' team: locations, the invitation form, pending invitations and people, each change said. */
export function ManageTeam({ team, onResult }: { team: TeamAnswer; onResult: (result: TeamResult) => void }) {
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
      onResult({ tone: 'error', text: teamFailureText(error) })
      throw error
    }
  }
  // The result already says a failure: a button has nothing more to do with it, while a form gets it back and so
  // keeps what was typed.
  const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined)
  const said = (answer: { message: string }) => answer.message

  return (
    <>
      <TeamLocations
        team={team}
        isOwner={isOwner}
        isCreating={createLocation.isPending}
        onRemove={(location) => quietly(act(() => removeLocation.mutateAsync(location.id), said))}
        onCreate={(body) =>
          act(
            () => createLocation.mutateAsync(body),
            (location) => `${location.name} added.`,
          )
        }
      />

      {team.enterpriseActive && team.locations.length > 0 && (
        <section aria-labelledby="team-invite" className="mt-8">
          <h2 id="team-invite" className="text-xl font-semibold text-brand-900">
            Invite someone
          </h2>
          <div className="mt-3">
            <InviteForm team={team} isBusy={invite.isPending} onInvite={(body) => act(() => invite.mutateAsync(body), said)} />
          </div>
        </section>
      )}

      <PendingInvitations
        invitations={team.invitations}
        onWithdraw={(invitation) => quietly(act(() => withdraw.mutateAsync(invitation.id), said))}
      />
      <TeamPeople
        people={team.people}
        isOwner={isOwner}
        onChange={setChanging}
        onRemove={(person) => quietly(act(() => removePerson.mutateAsync(person.id), said))}
      />
      {changing && (
        <PersonChangeDialog
          person={changing}
          team={team}
          isBusy={changePerson.isPending}
          onSave={(body) => act(() => changePerson.mutateAsync({ id: changing.id, body }), said)}
          onClose={() => setChanging(null)}
        />
      )}
    </>
  )
}
