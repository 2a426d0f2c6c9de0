import { ADMIN_MESSAGES, OVERRIDE_REASON_MIN, type ProcessRequestBody } from '@keydesk/contracts/admin'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { ADMIN_FAILURES, adminErrorText } from '../admin-error-text.ts'
import { useProcessRequest } from '../api/use-admin-queue.ts'
import type { AdminRequest } from './request-summary.tsx'

const REASON_TOO_SHORT = `Give a reason of at least ${OVERRIDE_REASON_MIN} characters.`

/**
 * The release gate's questions (decision 013): a guest's identity checked against the licence photos, or a reason
 * to release anyway; for a member whose account is not validated, the reason.
 */
function ReleaseDialog({
  request,
  isOpen,
  isBusy,
  serverMessage,
  onCancel,
  onRelease,
}: {
  request: AdminRequest
  isOpen: boolean
  isBusy: boolean
  serverMessage: string | null
  onCancel: () => void
  onRelease: (gate: Pick<ProcessRequestBody, 'identityChecked' | 'overrideReason'>) => void
}) {
  const [identityChecked, setIdentityChecked] = useState(false)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const reasonId = useId()
  const problemId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = reason.trim()
    if (trimmed !== '' && trimmed.length < OVERRIDE_REASON_MIN) return setProblem(REASON_TOO_SHORT)
    if (request.isGuest && !identityChecked && trimmed === '') {
      return setProblem('Confirm that the licence photos match, or give a reason.')
    }
    if (!request.isGuest && trimmed === '') return setProblem(REASON_TOO_SHORT)
    setProblem(null)
    onRelease({ ...(identityChecked ? { identityChecked: true } : {}), ...(trimmed ? { overrideReason: trimmed } : {}) })
  }

  return (
    <Dialog isOpen={isOpen} title="Before this keycode is released" onClose={onCancel}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-slate-700">
          {serverMessage ?? (request.isGuest ? ADMIN_MESSAGES.releaseGuestUnchecked : ADMIN_MESSAGES.releaseNotValidated)}
        </p>
        {request.isGuest && (
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              checked={identityChecked}
              onChange={(event) => setIdentityChecked(event.target.checked)}
              className="mt-0.5 h-5 w-5"
            />
            I checked that the licence photos match this request.
          </label>
        )}
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            {request.isGuest ? 'Or the reason to release it anyway' : 'Reason to release it anyway'}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={500}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 p-2"
          />
          <p className="text-xs text-slate-600">Kept with the release and in the audit export.</p>
          {problem && (
            <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" isBusy={isBusy}>
            Release keycode
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** docs/product.md §11 "Admin keycode submission": keycode required, PIN optional; the release gate asks what it needs. */
export function KeycodeForm({ request, onError }: { request: AdminRequest; onError: (message: string) => void }) {
  const process = useProcessRequest()
  const [keycode, setKeycode] = useState('')
  const [pincode, setPincode] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const [gate, setGate] = useState<{ serverMessage: string | null } | null>(null)
  const needsGate = request.isGuest || !request.isValidatedUser

  function send(extra: Pick<ProcessRequestBody, 'identityChecked' | 'overrideReason'>) {
    process.mutate(
      { vehicleId: request.id, keycode: keycode.trim(), ...(pincode.trim() ? { pincode: pincode.trim() } : {}), ...extra },
      {
        onSuccess: () => setGate(null),
        onError: (error) => {
          // The gate refused (the account changed meanwhile): ask for what it needs instead of a toast.
          if (error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT')
            return setGate({ serverMessage: error.message })
          setGate(null)
          onError(adminErrorText(error, ADMIN_FAILURES.processRequest))
        },
      },
    )
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!keycode.trim()) return setProblem(ADMIN_MESSAGES.keycodeRequired)
    setProblem(undefined)
    if (needsGate) return setGate({ serverMessage: null })
    send({})
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2 sm:grid-cols-3 sm:items-end">
        <TextField label="Keycode" value={keycode} error={problem} onChange={(event) => setKeycode(event.target.value)} />
        <TextField label="PIN (optional)" value={pincode} onChange={(event) => setPincode(event.target.value)} />
        <Button type="submit" isBusy={process.isPending && gate === null}>
          Submit keycode
        </Button>
      </form>
      <ReleaseDialog
        request={request}
        isOpen={gate !== null}
        isBusy={process.isPending}
        serverMessage={gate?.serverMessage ?? null}
        onCancel={() => setGate(null)}
        onRelease={send}
      />
    </>
  )
}
