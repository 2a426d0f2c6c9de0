import type { Profile, ProfileForm as ProfileFormValues } from '@keydesk/contracts/profile'
import { REGION_GROUPS } from '@keydesk/contracts/states'
import { IMAGE_ACCEPT, IMAGE_HINT } from '@keydesk/contracts/uploads'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { FileField } from '../../../components/ui/file-field.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

/** The member's details, read-only until Edit; the photo and logo are chosen only while editing. */
export function ProfileFields({
  profile,
  isEditing,
  register,
  errors,
}: {
  profile: Profile
  isEditing: boolean
  register: UseFormRegister<ProfileFormValues>
  errors: FieldErrors<ProfileFormValues>
}) {
  return (
    <fieldset disabled={!isEditing} className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">Your details</legend>
      <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
      <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      <TextField label="Email" type="email" value={profile.email} readOnly disabled hint="Your e-mail cannot be changed." />
      <TextField label="Phone" type="tel" autoComplete="tel" {...register('phone')} />
      <TextField label="Company" autoComplete="organization" {...register('company')} />
      <TextField label="Address" autoComplete="street-address" {...register('address')} />
      <TextField label="City" autoComplete="address-level2" {...register('city')} />
      <SelectField
        label="State or province"
        groups={REGION_GROUPS}
        placeholder="Select a state or province"
        defaultValue={profile.state ?? ''}
        {...register('state')}
      />
      <TextField label="ZIP or postal code" autoComplete="postal-code" error={errors.zipCode?.message} {...register('zipCode')} />
      {isEditing && (
        <>
          <FileField label="Profile photo" accept={IMAGE_ACCEPT} hint={IMAGE_HINT} {...register('profilePhoto')} />
          <FileField label="Company logo" accept={IMAGE_ACCEPT} hint={IMAGE_HINT} {...register('companyLogo')} />
        </>
      )}
    </fieldset>
  )
}
