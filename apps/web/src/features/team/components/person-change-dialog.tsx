import { zodResolver } from '@hookform/resolvers/zod'
import {
  type PersonChangeBody,
  PersonChangeBodySchema,
  TEAM_ROLE_LABELS,
  TEAM_ROLE_POWERS,
  type TeamAnswer,
  type TeamPerson,
} from '@keydesk/contracts/teams'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'

/** The owner makes a person a manager or a technician and gives them locations (PATCH /team/people/{id}). */
export function PersonChangeDialog({
  person,
  team,
  isBusy,
  onSave,
  onClose,
}: {
  person: TeamPerson
  team: TeamAnswer
  isBusy: boolean
  onSave: (body: PersonChangeBody) => Promise<unknown>
  onClose: () => void
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(PersonChangeBodySchema),
    defaultValues: { role: person.role, locationIds: person.locations.map((location) => location.id) },
  })
  const save = handleSubmit(async (body) => {
    await onSave(body)
    onClose()
  })
  return (
    <Dialog isOpen title={`Role and locations of ${person.name}`} onClose={onClose}>
      <form noValidate onSubmit={save} className="space-y-4">
        <SelectField
          label="Role"
          options={(['TECHNICIAN', 'MANAGER'] as const).map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }))}
          hint={TEAM_ROLE_POWERS[watch('role')]}
          {...register('role')}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Locations</legend>
          {team.locations.map((location) => (
            <label key={location.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={location.id} {...register('locationIds')} />
              {location.name}
            </label>
          ))}
          {errors.locationIds?.message && (
            <p role="alert" className="text-sm text-red-700">
              {errors.locationIds.message}
            </p>
          )}
        </fieldset>
        <Button type="submit" isBusy={isBusy}>
          Save
        </Button>
      </form>
    </Dialog>
  )
}
