import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, type Passkey } from '@keydesk/contracts/passkeys'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useRenamePasskey } from '../api/use-passkeys.ts'
import { checkName, type PasskeyResult, serverText } from './passkey-texts.ts'

export interface RenamePasskeyFormProps {
  passkey: Passkey
  onResult: (result: PasskeyResult) => void
  /** The form closes after a saved name or a cancel. */
  onClose: () => void
}

export function RenamePasskeyForm({ passkey, onResult, onClose }: RenamePasskeyFormProps) {
  const rename = useRenamePasskey()
  const [name, setName] = useState(passkey.name)

  async function save(event: FormEvent) {
    event.preventDefault()
    const checked = checkName(name)
    if ('problem' in checked) return onResult({ tone: 'error', text: checked.problem })
    try {
      await rename.mutateAsync({ id: passkey.id, name: checked.name })
      onResult({ tone: 'success', text: PASSKEY_MESSAGES.renamed })
      onClose()
    } catch (error) {
      onResult({ tone: 'error', text: serverText(error) })
    }
  }

  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-2" aria-label={`Rename ${passkey.name}`}>
      <TextField label="New name" value={name} maxLength={PASSKEY_NAME_MAX} onChange={(event) => setName(event.target.value)} />
      <Button type="submit" isBusy={rename.isPending}>
        Save
      </Button>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
    </form>
  )
}
