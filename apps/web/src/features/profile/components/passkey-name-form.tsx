import { PASSKEY_NAME_MAX } from '@keydesk/contracts/passkeys'
import type { FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

/** The name of the passkey being added, asked before the device's own prompt. */
export function PasskeyNameForm({
  name,
  problem,
  isBusy,
  onNameChange,
  onSubmit,
  onCancel,
}: {
  name: string
  problem: string | null
  isBusy: boolean
  onNameChange: (name: string) => void
  onSubmit: (event: FormEvent) => void
  onCancel: () => void
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md border border-slate-200 p-4" aria-label="Name the passkey">
      <TextField
        label="Passkey name"
        hint="So you can tell your passkeys apart, for example the device it is on."
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        error={problem ?? undefined}
        onChange={(event) => onNameChange(event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" isBusy={isBusy}>
          Create passkey
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
