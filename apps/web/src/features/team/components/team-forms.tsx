import { zodResolver } from '@hookform/resolvers/zod'
import { REGION_GROUPS } from '@keydesk/contracts/states'
import {
  type InvitationBody,
  InvitationBodySchema,
  type LocationBody,
  LocationBodySchema,
  TEAM_ROLE_LABELS,
  TEAM_ROLE_POWERS,
  type TeamAnswer,
} from '@keydesk/contracts/teams'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

/** The owner's new location: name, address, state or province, phone (LocationBodySchema). */
export function LocationForm({ onCreate, isBusy }: { onCreate: (body: LocationBody) => Promise<unknown>; isBusy: boolean }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LocationBodySchema),
    defaultValues: { name: '', address: '', region: '' as LocationBody['region'], phone: '' },
  })
  const send = handleSubmit(async (body) => {
    await onCreate(body)
    reset()
  })
  return (
    <form noValidate onSubmit={send} aria-label="New location" className="grid gap-3 sm:grid-cols-2">
      <TextField label="Location name" error={errors.name?.message} {...register('name')} />
      <TextField label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
      <TextField label="Address" autoComplete="off" error={errors.address?.message} {...register('address')} />
      <SelectField
        label="State or province"
        placeholder="Select the state or province"
        groups={REGION_GROUPS}
        error={errors.region?.message}
        {...register('region')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" isBusy={isBusy}>
          Add location
        </Button>
      </div>
    </form>
  )
}

/** An invitation by e-mail to one location: the owner invites managers and technicians, a manager technicians. */
export function InviteForm({
  team,
  onInvite,
  isBusy,
}: {
  team: TeamAnswer
  onInvite: (body: InvitationBody) => Promise<unknown>
  isBusy: boolean
}) {
  const roles = team.position === 'OWNER' ? (['TECHNICIAN', 'MANAGER'] as const) : (['TECHNICIAN'] as const)
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(InvitationBodySchema),
    defaultValues: { email: '', role: 'TECHNICIAN' as InvitationBody['role'], locationId: team.locations[0]?.id ?? '' },
  })
  const send = handleSubmit(async (body) => {
    await onInvite(body)
    reset({ email: '', role: body.role, locationId: body.locationId })
  })
  return (
    <form noValidate onSubmit={send} aria-label="Invite someone" className="grid gap-3 sm:grid-cols-3">
      <TextField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <SelectField
        label="Role"
        options={roles.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }))}
        hint={TEAM_ROLE_POWERS[watch('role')]}
        error={errors.role?.message}
        {...register('role')}
      />
      <SelectField
        label="Location"
        options={team.locations.map((location) => ({ value: location.id, label: location.name }))}
        error={errors.locationId?.message}
        {...register('locationId')}
      />
      <div className="sm:col-span-3">
        <Button type="submit" isBusy={isBusy}>
          Send invitation
        </Button>
      </div>
    </form>
  )
}
