import type { LocationBody, TeamAnswer, TeamLocation } from '@keydesk/contracts/teams'
import { Button } from '../../../components/ui/button.tsx'
import { LocationForm } from './team-forms.tsx'

/** The business's locations; the owner removes one, and adds one while the business is on Enterprise. */
export function TeamLocations({
  team,
  isOwner,
  isCreating,
  onRemove,
  onCreate,
}: {
  team: TeamAnswer
  isOwner: boolean
  isCreating: boolean
  onRemove: (location: TeamLocation) => void
  onCreate: (body: LocationBody) => Promise<unknown>
}) {
  return (
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
              <Button variant="secondary" onClick={() => onRemove(location)}>
                Remove {location.name}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {isOwner && team.enterpriseActive && (
        <div className="mt-4">
          <LocationForm isBusy={isCreating} onCreate={onCreate} />
        </div>
      )}
    </section>
  )
}
