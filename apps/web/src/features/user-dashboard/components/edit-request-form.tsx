import { zodResolver } from '@hookform/resolvers/zod'
import { IMAGE_ACCEPT, IMAGE_HINT } from '@keydesk/contracts/uploads'
import { editRequestFormSchema, ORDERING_MESSAGES, type VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { checkVin } from '@keydesk/contracts/vin'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useUpdateRequest } from '../api/use-update-request.ts'

/** docs/product.md, 'Keycode requests, delivery and release': only the fields that changed are sent. */
export function changedFields(
  original: { model: string; vin: string },
  edited: { model: string; vin: string },
  files: Record<string, File | undefined>,
) {
  const changes = new FormData()
  if (edited.model.trim() !== original.model) changes.append('model', edited.model.trim())
  if (edited.vin.trim().toUpperCase() !== original.vin) changes.append('vin', edited.vin.trim().toUpperCase())
  for (const [name, file] of Object.entries(files)) if (file) changes.append(name, file)
  return changes
}

export function EditRequestForm({ request, onDone }: { request: VehicleRequestView; onDone: () => void }) {
  const update = useUpdateRequest()
  const vehicle = { make: request.make.manufacturerName, year: request.year }
  const form = useForm({
    resolver: zodResolver(editRequestFormSchema(vehicle)),
    defaultValues: { model: request.model, vin: request.vin },
  })
  // The VIN is checked as it is typed, not only on submit.
  const vinProblem = checkVin(form.watch('vin'), vehicle)

  const onSubmit = form.handleSubmit(({ model, vin, registration }) => {
    const changes = changedFields({ model: request.model, vin: request.vin }, { model, vin }, { registration: registration?.[0] })
    if ([...changes.keys()].length === 0) return onDone()
    update.mutate({ id: request.id, changes }, { onSuccess: onDone })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <TextField label="Model" {...form.register('model')} />
      <TextField
        label="VIN"
        error={vinProblem?.message}
        {...form.register('vin', { onChange: (event) => form.setValue('vin', event.target.value.toUpperCase()) })}
      />
      <FileField label="New registration photo" accept={IMAGE_ACCEPT} hint={IMAGE_HINT} {...form.register('registration')} />
      {update.isError && <Alert tone="error">{ORDERING_MESSAGES.updateFailed}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" isBusy={update.isPending}>
          Save changes
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
