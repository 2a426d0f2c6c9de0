import { ORDERING_MESSAGES } from '@keydesk/contracts/vehicle-request'
import { checkVin } from '@keydesk/contracts/vin'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { useComplianceStatus } from '../../requirements/api/use-compliance-status.ts'
import { useSession } from '../../session/use-session.ts'
import { useCatalogue } from '../api/use-catalogue.ts'
import { useSubmitKeycodeRequest } from '../api/use-submit-keycode-request.ts'
import { ImageUploadField } from '../components/image-upload-field.tsx'
import { PricingBox } from '../components/pricing-box.tsx'
import { readGuestInfo, saveGuestInfo } from '../guest-info.ts'

const IMAGE_FIELDS = [
  { name: 'frontId', label: 'Front of ID' },
  { name: 'backId', label: 'Back of ID' },
  { name: 'registration', label: 'Registration, title or insurance' },
] as const
const GUEST_IMAGE_FIELDS = [
  { name: 'licenseFront', label: "Driver's license (front)" },
  { name: 'licenseBack', label: "Driver's license (back)" },
] as const

/** docs/product.md §4 "Vehicle keycode request": make → model → year, price, VIN, photos, Add to Cart. */
export function KeycodeRequestPage() {
  const session = useSession()
  const catalogue = useCatalogue()
  // docs/product.md §11: a failed compliance call hides the notice silently.
  const compliance = useComplianceStatus()
  const submit = useSubmitKeycodeRequest()
  const navigate = useNavigate()
  const [make, setMake] = useState('')
  const [model, setModel] = useState('')
  const [year, setYear] = useState('')
  const [vin, setVin] = useState('')
  const [files, setFiles] = useState<Record<string, File | undefined>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const isGuest = session.status !== 'signed-in'

  const selectedMake = catalogue.data?.find((entry) => entry.name === make)
  const selectedModel = selectedMake?.models.find((entry) => entry.name === model)
  const vinProblem = vin.trim() ? checkVin(vin, { make: make || undefined, year: year ? Number(year) : undefined }) : null

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    if (!make || !model || !year || !vin.trim()) return setFormError(ORDERING_MESSAGES.requiredFields)
    if (vinProblem) return setFormError(vinProblem.message)
    if (isGuest && (!files.licenseFront || !files.licenseBack)) return setFormError(ORDERING_MESSAGES.guestLicenseRequired)
    const form = new FormData()
    form.append('make', make)
    form.append('model', model)
    form.append('year', year)
    form.append('vin', vin)
    const guest = isGuest ? readGuestInfo() : null
    if (guest) form.append('guestUserId', guest.guestUserId)
    for (const [name, file] of Object.entries(files)) if (file) form.append(name, file)
    submit.mutate(form, {
      onSuccess: (answer) => {
        if (answer.guestUserId) saveGuestInfo(answer.guestUserId, answer.cartId)
        navigate(paths.cart)
      },
      onError: (error) => setFormError(error.message),
    })
  }

  if (catalogue.isPending) {
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
            value={make}
            placeholder="Select a make"
            options={catalogue.data.map((entry) => entry.name)}
            onChange={(event) => {
              setMake(event.target.value)
              setModel('')
              setYear('')
            }}
          />
          <SelectField
            label="Model"
            value={model}
            placeholder="Select a model"
            disabled={!selectedMake}
            options={selectedMake?.models.map((entry) => entry.name) ?? []}
            onChange={(event) => {
              setModel(event.target.value)
              setYear('')
            }}
          />
          <SelectField
            label="Year"
            value={year}
            placeholder="Select a year"
            disabled={!selectedModel}
            options={selectedModel?.years.map(String) ?? []}
            onChange={(event) => setYear(event.target.value)}
          />
          <TextField
            label="VIN"
            value={vin}
            maxLength={20}
            autoCapitalize="characters"
            spellCheck={false}
            hint="17 characters, on the dashboard or the driver's door frame"
            error={vinProblem?.message}
            onChange={(event) => setVin(event.target.value.toUpperCase())}
          />
          <PricingBox make={selectedMake} isGuest={isGuest} />
        </div>
        <div className="space-y-4">
          {[...IMAGE_FIELDS, ...(isGuest ? GUEST_IMAGE_FIELDS : [])].map((field) => (
            <ImageUploadField
              key={field.name}
              label={field.label}
              onChange={(file) => setFiles((current) => ({ ...current, [field.name]: file }))}
            />
          ))}
          {formError && <Alert tone="error">{formError}</Alert>}
          <Button type="submit" isBusy={submit.isPending}>
            Add to Cart
          </Button>
        </div>
      </form>
    </PageFrame>
  )
}
