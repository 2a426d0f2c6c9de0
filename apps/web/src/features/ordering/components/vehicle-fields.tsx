import type { CatalogueMake } from '@keydesk/contracts/catalogue'
import type { PriceHolder } from '@keydesk/contracts/keycode-prices'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ScanVinButton } from '../../vin-scan/components/scan-vin-button.tsx'
import type { KeycodeRequestFormState } from '../use-keycode-request-form.ts'
import { useVinChoices } from '../use-vin-choices.ts'
import { PricingBox } from './pricing-box.tsx'

export interface VehicleFieldsProps {
  form: KeycodeRequestFormState
  catalogue: CatalogueMake[]
  priceHolder: PriceHolder | null
}

/** Make → model → year and the VIN, typed or scanned; what a whole, valid VIN says of itself fills the choices it settles. */
export function VehicleFields({ form, catalogue, priceHolder }: VehicleFieldsProps) {
  const { errors } = form.formState
  const { selectedMake, selectedModel, modelOptions, vinProblem, ambiguousMakes, fillFromVin } = useVinChoices(form, catalogue)

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
      {ambiguousMakes && (
        <p className="text-sm text-slate-700" role="status">
          This VIN's manufacturer code is used by {ambiguousMakes.join(', ')}: choose the make above.
        </p>
      )}
      <PricingBox make={selectedMake} holder={priceHolder} />
    </div>
  )
}
