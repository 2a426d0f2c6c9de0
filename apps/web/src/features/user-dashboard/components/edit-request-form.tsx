import { ORDERING_MESSAGES, type VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { checkVin } from '@keydesk/contracts/vin'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useUpdateRequest } from '../api/use-update-request.ts'

/** docs/product.md §11 "Vehicle update": only the fields that changed are sent. */
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
  const [model, setModel] = useState(request.model)
  const [vin, setVin] = useState(request.vin)
  const [files, setFiles] = useState<Record<string, File | undefined>>({})
  const vinProblem = checkVin(vin, { make: request.make.manufacturerName, year: request.year })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (vinProblem) return
    const changes = changedFields({ model: request.model, vin: request.vin }, { model, vin }, files)
    if ([...changes.keys()].length === 0) return onDone()
    update.mutate({ id: request.id, changes }, { onSuccess: onDone })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <TextField label="Model" value={model} onChange={(event) => setModel(event.target.value)} />
      <TextField label="VIN" value={vin} error={vinProblem?.message} onChange={(event) => setVin(event.target.value.toUpperCase())} />
      <FileField
        label="New registration photo"
        accept="image/*"
        onChange={(event) => setFiles({ ...files, registration: event.target.files?.[0] })}
      />
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
