import { ADMIN_MESSAGES } from '@keydesk/contracts/admin'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ADMIN_FAILURES, adminErrorText } from '../admin-error-text.ts'
import { useProcessRequest } from '../api/use-admin-queue.ts'

/** Spec 5 "Admin keycode submission": keycode required, PIN optional. */
export function KeycodeForm({ vehicleId, onError }: { vehicleId: string; onError: (message: string) => void }) {
  const process = useProcessRequest()
  const [keycode, setKeycode] = useState('')
  const [pincode, setPincode] = useState('')
  const [problem, setProblem] = useState<string | undefined>()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!keycode.trim()) return setProblem(ADMIN_MESSAGES.keycodeRequired)
    setProblem(undefined)
    process.mutate(
      { vehicleId, keycode: keycode.trim(), ...(pincode.trim() ? { pincode: pincode.trim() } : {}) },
      { onError: (error) => onError(adminErrorText(error, ADMIN_FAILURES.processRequest)) },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2 sm:grid-cols-3 sm:items-end">
      <TextField label="Keycode" value={keycode} error={problem} onChange={(event) => setKeycode(event.target.value)} />
      <TextField label="PIN (optional)" value={pincode} onChange={(event) => setPincode(event.target.value)} />
      <Button type="submit" isBusy={process.isPending}>
        Submit keycode
      </Button>
    </form>
  )
}
