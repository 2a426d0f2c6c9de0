import { zodResolver } from '@hookform/resolvers/zod'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { type Profile, ProfileFormSchema, type ProfileForm as ProfileFormValues } from '@keydesk/contracts/profile'
import { REGION_GROUPS } from '@keydesk/contracts/states'
import { IMAGE_ACCEPT, IMAGE_HINT } from '@keydesk/contracts/uploads'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useUpdateProfile } from '../api/use-profile.ts'

const TEXT_FIELDS = ['firstName', 'lastName', 'phone', 'company', 'address', 'city', 'state', 'zipCode'] as const

function defaultsOf(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    company: profile.company ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zipCode: profile.zipCode ?? '',
    profilePhoto: undefined,
    companyLogo: undefined,
  }
}

/** The Profile tab of /profile (docs/product.md, 'Screens and routes (web)'): read-only until Edit; the e-mail is never editable. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [isEditing, setIsEditing] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const update = useUpdateProfile()
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(ProfileFormSchema), values: defaultsOf(profile) })
  const { errors } = form.formState

  const save = form.handleSubmit(async (values) => {
    const body = new FormData()
    for (const field of TEXT_FIELDS) body.append(field, values[field])
    const photo = values.profilePhoto?.[0]
    const logo = values.companyLogo?.[0]
    if (photo) body.append('profilePhoto', photo)
    if (logo) body.append('companyLogo', logo)
    try {
      await update.mutateAsync(body)
      setResult({ tone: 'success', text: PROFILE_MESSAGES.profileUpdated })
      setIsEditing(false)
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.profileUpdateFailed })
    }
  })

  function cancel() {
    form.reset(defaultsOf(profile))
    setIsEditing(false)
  }

  return (
    <form onSubmit={save} noValidate className="space-y-6" aria-label="Profile details">
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      <div className="flex flex-wrap items-center gap-6">
        {profile.profilePhoto && <img src={profile.profilePhoto} alt="Profile" className="h-20 w-20 rounded-full object-cover" />}
        {profile.companyLogo && <img src={profile.companyLogo} alt="Company logo" className="h-16 w-auto object-contain" />}
      </div>
      <fieldset disabled={!isEditing} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Your details</legend>
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        <TextField label="Email" type="email" value={profile.email} readOnly disabled hint="Your e-mail cannot be changed." />
        <TextField label="Phone" type="tel" autoComplete="tel" {...form.register('phone')} />
        <TextField label="Company" autoComplete="organization" {...form.register('company')} />
        <TextField label="Address" autoComplete="street-address" {...form.register('address')} />
        <TextField label="City" autoComplete="address-level2" {...form.register('city')} />
        <SelectField
          label="State or province"
          groups={REGION_GROUPS}
          placeholder="Select a state or province"
          defaultValue={profile.state ?? ''}
          {...form.register('state')}
        />
        <TextField
          label="ZIP or postal code"
          autoComplete="postal-code"
          error={form.formState.errors.zipCode?.message}
          {...form.register('zipCode')}
        />
        {isEditing && (
          <>
            <FileField label="Profile photo" accept={IMAGE_ACCEPT} hint={IMAGE_HINT} {...form.register('profilePhoto')} />
            <FileField label="Company logo" accept={IMAGE_ACCEPT} hint={IMAGE_HINT} {...form.register('companyLogo')} />
          </>
        )}
      </fieldset>
      <div className="flex gap-3">
        {isEditing ? (
          <>
            <Button type="submit" isBusy={update.isPending}>
              Save changes
            </Button>
            <Button variant="secondary" onClick={cancel}>
              Cancel
            </Button>
          </>
        ) : (
          <Button
            onClick={(event) => {
              // The Save button takes this one's place in the same click; without this the browser submits the form.
              event.preventDefault()
              setIsEditing(true)
            }}
          >
            Edit profile
          </Button>
        )}
      </div>
    </form>
  )
}
