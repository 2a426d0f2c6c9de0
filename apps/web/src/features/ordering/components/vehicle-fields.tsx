import type { CatalogueMake } from '@keydesk/contracts/catalogue'
import type { PriceHolder } from '@keydesk/contracts/keycode-prices'
import { checkVin, decodeVin } from '@keydesk/contracts/vin'
import { useEffect } from 'react'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ScanVinButton } from '../../vin-scan/components/scan-vin-button.tsx'
import type { KeycodeRequestFormState } from '../use-keycode-request-form.ts'
import { PricingBox } from './pricing-box.tsx'

export interface VehicleFieldsProps {
  form: KeycodeRequestFormState
  catalogue: CatalogueMake[]
  priceHolder: PriceHolder | null
}

/** Make → model → year and the VIN, typed or scanned; what a whole, valid VIN says of itself fills the choices it settles. */
export function VehicleFields({ form, catalogue, priceHolder }: VehicleFieldsProps) {
  const { errors } = form.formState
  const [make, model, year, vin] = form.watch(['make', 'model', 'year', 'vin'])
  const selectedMake = catalogue.find((entry) => entry.name === make)
  const selectedModel = selectedMake?.models.find((entry) => entry.name === model)
  // Every filled value can still be changed.
  const decoded = decodeVin(vin)
  const vinMakes = decoded?.makes.filter((name) => catalogue.some((entry) => entry.name === name)) ?? []
  const vinYear = decoded?.year ?? null
  const modelsForYear = selectedMake?.models.filter((entry) => vinYear === null || entry.years.includes(vinYear)) ?? []
  const modelOptions = modelsForYear.length > 0 ? modelsForYear : (selectedMake?.models ?? [])
  // The year goes in once its option exists: after the render that shows the chosen model's years.
  const yearToFill = year === '' && vinYear !== null && selectedModel?.years.includes(vinYear) ? String(vinYear) : null
  useEffect(() => {
    if (yearToFill) form.setValue('year', yearToFill)
  }, [yearToFill, form])

  function fillFromVin(typed: string) {
    const makes = decodeVin(typed)?.makes.filter((name) => catalogue.some((entry) => entry.name === name)) ?? []
    const [onlyMake] = makes
    if (form.getValues('make') !== '' || makes.length !== 1 || !onlyMake) return
    form.setValue('make', onlyMake)
    form.setValue('model', '')
    form.setValue('year', '')
  }

  const vinProblem = vin.trim() ? checkVin(vin, { make: make || undefined, year: year ? Number(year) : undefined }) : null

  return (
    <div className="space-y-4">
      <SelectField
        label="Make"
        placeholder="Select a make"
        error={errors.make?.message}
        options={catalogue.map((entry) => entry.name)}
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
  )
}
