import { zodResolver } from '@hookform/resolvers/zod'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import {
  isMissingChoice,
  KEYCODE_REQUEST_IMAGES,
  keycodeRequestFormSchema,
  ORDERING_MESSAGES,
  OWNERSHIP_DOCUMENT_KINDS,
  OWNERSHIP_DOCUMENT_LABELS,
  VEHICLE_PHOTOS_REASON,
} from '@keydesk/contracts/vehicle-request'
import { checkVin, decodeVin } from '@keydesk/contracts/vin'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { readGuestInfo, saveGuestInfo } from '../../../lib/guest-info.ts'
import { paths } from '../../../lib/paths.ts'
import { usePriceHolder } from '../../membership/api/use-price-holder.ts'
import { useComplianceStatus } from '../../requirements/api/use-compliance-status.ts'
import { useSession } from '../../session/use-session.ts'
import { useMembership } from '../../team/api/use-team.ts'
import { OrderLocation } from '../../team/components/order-location.tsx'
import { ScanVinButton } from '../../vin-scan/components/scan-vin-button.tsx'
import { useCatalogue } from '../api/use-catalogue.ts'
import { useSubmitKeycodeRequest } from '../api/use-submit-keycode-request.ts'
import { ImageUploadField } from '../components/image-upload-field.tsx'
import { PricingBox } from '../components/pricing-box.tsx'

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
const REQUIRED_ORDER = ['make', 'model', 'year', 'vin'] as const
const OWNERSHIP_OPTIONS = OWNERSHIP_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: OWNERSHIP_DOCUMENT_LABELS[kind] }))

/** docs/product.md, 'Screens and routes (web)', vehicle keycode request: make → model → year, price, VIN, photos, Add to Cart. */
export function KeycodeRequestPage() {
  const session = useSession()
  const catalogue = useCatalogue()
  // A failed compliance call hides the notice silently: it is advice, and the order does not depend on it. The form
  // waits for its answer all the same: a notice arriving after the form would push the form down under the pointer.
  const compliance = useComplianceStatus()
  const submit = useSubmitKeycodeRequest()
  const navigate = useNavigate()
  const isGuest = session.status !== 'signed-in'
  const priceHolder = usePriceHolder()
  // An Enterprise team's member orders for a location of the business (docs/decisions/039).
  const membership = useMembership(session.user?.role === 'BASEUSER')
  const [locationId, setLocationId] = useState('')
  const form = useForm({
    resolver: zodResolver(keycodeRequestFormSchema(isGuest)),
    defaultValues: { make: '', model: '', year: '', vin: '', ownershipDocument: 'REGISTRATION' as const, ownerName: '' },
  })
  const { errors } = form.formState
  const [make, model, year, vin] = form.watch(['make', 'model', 'year', 'vin'])
  // A refusal is about what was sent: it goes as soon as the vehicle changes, so it never outlives its cause.
  const { clearErrors } = form
  const hasServerError = Boolean(errors.root?.server)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the vehicle's fields are what make a refusal stale
  useEffect(() => {
    if (hasServerError) clearErrors('root.server')
  }, [make, model, year, vin])

  const selectedMake = catalogue.data?.find((entry) => entry.name === make)
  const selectedModel = selectedMake?.models.find((entry) => entry.name === model)
  // What a whole, valid VIN says of itself fills the choices it settles; every filled value can still be changed.
  const decoded = decodeVin(vin)
  const vinMakes = decoded?.makes.filter((name) => catalogue.data?.some((entry) => entry.name === name)) ?? []
  const vinYear = decoded?.year ?? null
  const modelsForYear = selectedMake?.models.filter((entry) => vinYear === null || entry.years.includes(vinYear)) ?? []
  const modelOptions = modelsForYear.length > 0 ? modelsForYear : (selectedMake?.models ?? [])
  // The year goes in once its option exists: after the render that shows the chosen model's years.
  const yearToFill = year === '' && vinYear !== null && selectedModel?.years.includes(vinYear) ? String(vinYear) : null
  useEffect(() => {
    if (yearToFill) form.setValue('year', yearToFill)
  }, [yearToFill, form])

  function fillFromVin(typed: string) {
    const makes = decodeVin(typed)?.makes.filter((name) => catalogue.data?.some((entry) => entry.name === name)) ?? []
    const [onlyMake] = makes
    if (form.getValues('make') !== '' || makes.length !== 1 || !onlyMake) return
    form.setValue('make', onlyMake)
    form.setValue('model', '')
    form.setValue('year', '')
  }

  const vinProblem = vin.trim() ? checkVin(vin, { make: make || undefined, year: year ? Number(year) : undefined }) : null
  // Each field carries its own message; the summary above the button says the documented text for empty choices,
  // else the first other problem (the VIN, a licence photo), else the server's refusal.
  const fieldsInError = [...REQUIRED_ORDER, ...KEYCODE_REQUEST_IMAGES].filter((field) => errors[field]?.message)
  const formError =
    errors.root?.server?.message ??
    (isMissingChoice(fieldsInError) ? ORDERING_MESSAGES.requiredFields : fieldsInError.map((field) => errors[field]?.message).find(Boolean))

  const onSubmit = form.handleSubmit((values) => {
    const body = new FormData()
    body.append('make', values.make)
    body.append('model', values.model)
    body.append('year', values.year)
    body.append('vin', values.vin)
    const guest = isGuest ? readGuestInfo() : null
    if (guest) body.append('guestUserId', guest.guestUserId)
    for (const name of KEYCODE_REQUEST_IMAGES) {
      const file = values[name]
      if (file) body.append(name, file)
    }
    // What the ownership photo is goes with it; the owner's name is the customer authorisation of a member's order.
    if (values.registration) body.append('ownershipDocument', values.ownershipDocument)
    if (!isGuest && values.ownerName) body.append('ownerName', values.ownerName)
    if (!isGuest && locationId) body.append('locationId', locationId)
    submit.mutate(body, {
      onSuccess: (answer) => {
        if (answer.guestUserId) saveGuestInfo(answer.guestUserId, answer.cartId)
        navigate(paths.cart)
      },
      onError: (error) => form.setError('root.server', { message: error.message }),
    })
  })

  if (catalogue.isPending || compliance.isPending) {
    return (
      <PageFrame title="Request a keycode">
        <Spinner label="Loading vehicles..." />
      </PageFrame>
    )
  }
  if (catalogue.isError) {
    return (
      <PageFrame title="Request a keycode">
        <Alert tone="error">{ORDERING_MESSAGES.backendUnavailable}</Alert>
      </PageFrame>
    )
  }

  return (
    <PageFrame title="Request a keycode" description="Enter the vehicle and its VIN; the request goes to your cart.">
      {compliance.data && (
        <Alert tone="warning" title="Compliance notice">
          {compliance.data.message} Only request codes for vehicles you are authorised to work on; a wrong VIN is not refunded.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <SelectField
            label="Make"
            placeholder="Select a make"
            error={errors.make?.message}
            options={catalogue.data.map((entry) => entry.name)}
            {...form.register('make', {
              onChange: () => {
                form.setValue('model', '')
                form.setValue('year', '')
              },
            })}
          />
          <SelectField
            label="Model"
            placeholder="Select a model"
            error={errors.model?.message}
            disabled={!selectedMake}
            options={modelOptions.map((entry) => entry.name)}
            {...form.register('model', { onChange: () => form.setValue('year', '') })}
          />
          <SelectField
            label="Year"
            placeholder="Select a year"
            error={errors.year?.message}
            disabled={!selectedModel}
            options={selectedModel?.years.map(String) ?? []}
            {...form.register('year')}
          />
          <TextField
            label="VIN"
            maxLength={20}
            autoCapitalize="characters"
            spellCheck={false}
            hint="17 characters, on the dashboard or the driver's door frame"
            error={vinProblem?.message ?? errors.vin?.message}
            {...form.register('vin', {
              // Upper-cased as typed, and checked again once the form was sent, so a fixed VIN clears its message.
              onChange: (event) => {
                const typed = event.target.value.toUpperCase()
                form.setValue('vin', typed, { shouldValidate: form.formState.isSubmitted })
                fillFromVin(typed)
              },
            })}
          />
          <ScanVinButton
            onVin={(scanned) => {
              form.setValue('vin', scanned, { shouldValidate: form.formState.isSubmitted })
              fillFromVin(scanned)
            }}
          />
          {make === '' && vinMakes.length > 1 && (
            <p className="text-sm text-slate-700" role="status">
              This VIN's manufacturer code is used by {vinMakes.join(', ')}: choose the make above.
            </p>
          )}
          <PricingBox make={selectedMake} holder={priceHolder} />
        </div>
        <div className="space-y-4">
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
          {!isGuest && <OrderLocation membership={membership.data} value={locationId} onChange={setLocationId} />}
          {formError && <Alert tone="error">{formError}</Alert>}
          <Button type="submit" isBusy={submit.isPending}>
            Add to Cart
          </Button>
        </div>
      </form>
    </PageFrame>
  )
}
