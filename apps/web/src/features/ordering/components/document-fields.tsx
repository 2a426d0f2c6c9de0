import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { OWNERSHIP_DOCUMENT_KINDS, OWNERSHIP_DOCUMENT_LABELS, VEHICLE_PHOTOS_REASON } from '@keydesk/contracts/vehicle-request'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import type { KeycodeRequestFormState } from '../use-keycode-request-form.ts'
import { ImageUploadField } from './image-upload-field.tsx'

const IMAGE_FIELDS = [
  { name: 'frontId', label: DOCUMENT_NAMES.frontId },
  { name: 'backId', label: DOCUMENT_NAMES.backId },
  { name: 'registration', label: DOCUMENT_NAMES.registration },
] as const
const GUEST_IMAGE_FIELDS = [
  { name: 'licenseFront', label: DOCUMENT_NAMES.licenseFront },
  { name: 'licenseBack', label: DOCUMENT_NAMES.licenseBack },
] as const
const VEHICLE_PHOTO_FIELDS = [
  { name: 'platePhoto', label: DOCUMENT_NAMES.platePhoto },
  { name: 'odometerPhoto', label: DOCUMENT_NAMES.odometerPhoto },
] as const
const OWNERSHIP_OPTIONS = OWNERSHIP_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: OWNERSHIP_DOCUMENT_LABELS[kind] }))

/**
 * The documents of a keycode request: a guest proves ownership with the licence and one ownership document; a member
 * may add the customer authorisation (owner's name, ID, ownership document). Plate and odometer photos are optional.
 */
export function DocumentFields({ form, isGuest }: { form: KeycodeRequestFormState; isGuest: boolean }) {
  const { errors } = form.formState
  return (
    <>
      {isGuest ? (
        <p className="text-sm text-slate-700">
          As the vehicle's owner, add your driver's license and one proof of ownership: the registration, the title or the insurance.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Customer authorisation (optional): the vehicle owner's name, their ID and a proof of ownership, kept with the order.
          </p>
          <TextField
            label="Vehicle owner's name (optional)"
            autoComplete="off"
            error={errors.ownerName?.message}
            {...form.register('ownerName')}
          />
        </>
      )}
      {[...IMAGE_FIELDS, ...(isGuest ? GUEST_IMAGE_FIELDS : [])].map((field) => (
        <ImageUploadField
          key={field.name}
          label={field.label}
          isOptional={!isGuest || field.name === 'frontId' || field.name === 'backId'}
          missing={errors[field.name]?.message}
          onChange={(file) => form.setValue(field.name, file, { shouldValidate: form.formState.isSubmitted })}
        />
      ))}
      <SelectField label="The ownership document is" options={OWNERSHIP_OPTIONS} {...form.register('ownershipDocument')} />
      <p className="text-sm text-slate-700">{VEHICLE_PHOTOS_REASON}</p>
      {VEHICLE_PHOTO_FIELDS.map((field) => (
        <ImageUploadField
          key={field.name}
          label={field.label}
          isOptional
          missing={errors[field.name]?.message}
          onChange={(file) => form.setValue(field.name, file, { shouldValidate: form.formState.isSubmitted })}
        />
      ))}
    </>
  )
}
