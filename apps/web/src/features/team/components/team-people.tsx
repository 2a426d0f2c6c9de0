import { TEAM_ROLE_LABELS, type TeamPerson } from '@keydesk/contracts/teams'
import { Button } from '../../../components/ui/button.tsx'

/**
 * The people who joined, with their role, locations and photo ID review. The owner changes anyone's role and
 * locations and removes anyone; a manager removes technicians only.
 */
export function TeamPeople({
  people,
  isOwner,
  onChange,
  onRemove,
}: {
  people: TeamPerson[]
  isOwner: boolean
  onChange: (person: TeamPerson) => void
  onRemove: (person: TeamPerson) => void
}) {
  return (
    <section aria-labelledby="team-people" className="mt-8">
      <h2 id="team-people" className="text-xl font-semibold text-brand-900">
        People
      </h2>
      {people.length === 0 && <p className="mt-2 text-slate-600">Nobody has joined yet.</p>}
      <ul className="mt-3 space-y-2">
        {people.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3">
            <span>
              <span className="font-semibold">{person.name}</span> · {TEAM_ROLE_LABELS[person.role]} ·{' '}
              {person.locations.map((location) => location.name).join(', ')} ·{' '}
              {person.validated ? 'Photo ID validated' : 'Photo ID waiting for review'}
            </span>
            <span className="flex flex-wrap gap-2">
              {isOwner && (
                <Button variant="secondary" onClick={() => onChange(person)}>
                  Change role or locations of {person.name}
                </Button>
              )}
              {(isOwner || person.role === 'TECHNICIAN') && (
                <Button variant="secondary" onClick={() => onRemove(person)}>
                  Remove {person.name}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
