import { zodResolver } from '@hookform/resolvers/zod'
import { type UpdateUserDetailsForm, UpdateUserDetailsFormSchema } from '@keydesk/contracts/accounts-api'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { REGION_GROUPS } from '@keydesk/contracts/states'
import { IMAGE_ACCEPT, IMAGE_HINT } from '@keydesk/contracts/uploads'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { type UserDetails, useUpdateUserDetails } from '../api/use-user-details.ts'

const IMAGES = [
  { field: 'frontId', label: DOCUMENT_NAMES.frontId, current: 'frontIdImage' },
  { field: 'backId', label: DOCUMENT_NAMES.backId, current: 'backIdImage' },
  { field: 'insurance', label: DOCUMENT_NAMES.insurance, current: 'insuranceImage' },
] as const

/** The Update Profile form (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Profile and account) with its rules. */
export function UpdateProfileForm({ details, onSaved }: { details: UserDetails; onSaved: () => void }) {
  const update = useUpdateUserDetails()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const form = useForm<UpdateUserDetailsForm>({
    resolver: zodResolver(UpdateUserDetailsFormSchema),
    defaultValues: { fname: details.fname, lname: details.lname, phone: details.phone ?? '', state: details.state ?? '' },
  })
  const { errors } = form.formState

  const save = form.handleSubmit(async (values) => {
    const body = new FormData()
    body.append('fname', values.fname)
    body.append('lname', values.lname)
    body.append('phone', values.phone)
    // The server takes a state from the list or none at all; an empty choice is left out.
    if (values.state) body.append('state', values.state)
    for (const { field } of IMAGES) {
      const file = values[field]?.[0]
      if (file) body.append(field, file)
    }
    try {
      await update.mutateAsync(body)
      setResult({ tone: 'success', text: PROFILE_MESSAGES.userDetailsUpdated })
      onSaved()
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.updateUserProfileFailed })
    }
  })

  return (
    <form onSubmit={save} noValidate className="space-y-4" aria-label="Update profile">
      {result && (
        <Alert tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.fname?.message} {...form.register('fname')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lname?.message} {...form.register('lname')} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...form.register('phone')} />
        <SelectField
          label="State or province (optional)"
          groups={REGION_GROUPS}
          placeholder="Select a state or province"
          defaultValue={details.state ?? ''}
          {...form.register('state')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {IMAGES.map(({ field, label, current }) => (
          <div key={field} className="space-y-2">
            {details[current] && <img src={details[current] ?? ''} alt={`Current ${label}`} className="h-24 w-auto rounded border" />}
            <FileField
              label={`${label} (optional)`}
              accept={IMAGE_ACCEPT}
              hint={IMAGE_HINT}
              error={errors[field]?.message}
              {...form.register(field)}
            />
          </div>
        ))}
      </div>
      <Button type="submit" isBusy={update.isPending}>
        Update Profile
      </Button>
    </form>
  )
}
