import { zodResolver } from '@hookform/resolvers/zod'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { type Profile, ProfileFormSchema, type ProfileForm as ProfileFormValues } from '@keydesk/contracts/profile'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useUpdateProfile } from '../api/use-profile.ts'
import { ProfileFields } from './profile-fields.tsx'

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
      <ProfileFields profile={profile} isEditing={isEditing} register={form.register} errors={errors} />
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
