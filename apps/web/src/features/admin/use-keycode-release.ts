import { ADMIN_MESSAGES, type AdminRequest, type KeycodeForm as KeycodeFormValues, releaseConfirmation } from '@keydesk/contracts/admin'
import { DISPUTE_HOLD_REFUSALS } from '@keydesk/contracts/disputes'
import { useState } from 'react'
import { ApiError, failureText } from '../../lib/api-client.ts'
import { ADMIN_FAILURES } from './admin-error-text.ts'
import { useProcessRequest } from './api/use-admin-queue.ts'
import type { GateAnswer } from './components/release-dialog.tsx'

/**
 * Refusals of the release gate that no reason overrides: the buyer cannot sign in, no one can receive the code, or a
 * dispute holds the order (docs/decisions/028).
 */
const UNRELEASABLE = new Set<string>([
  ADMIN_MESSAGES.releaseAccountRevoked,
  ADMIN_MESSAGES.releaseNoRecipient,
  ...Object.values(DISPUTE_HOLD_REFUSALS),
])

/**
 * Releasing an order's keycode: sent at once, or held (`gate`) while the release gate asks its questions, also when
 * the server's gate refuses because the account changed meanwhile. What the release did goes to `onReleased`; a
 * refusal no answer lifts, or any other failure, to `onError`.
 */
export function useKeycodeRelease(
  request: AdminRequest,
  { onError, onReleased }: { onError: (message: string) => void; onReleased: (confirmation: string) => void },
) {
  const process = useProcessRequest()
  /** The checked keycode and PIN wait here while the release gate asks its questions. */
  const [gate, setGate] = useState<{ code: KeycodeFormValues; serverMessage: string | null } | null>(null)

  function send({ keycode, pincode, keyBlank, transponder }: KeycodeFormValues, extra: GateAnswer) {
    process.mutate(
      {
        vehicleId: request.id,
        keycode,
        ...(pincode ? { pincode } : {}),
        ...(keyBlank ? { keyBlank } : {}),
        ...(transponder ? { transponder } : {}),
        ...extra,
      },
      {
        onSuccess: (answer) => {
          setGate(null)
          onReleased(releaseConfirmation(keycode, answer, `${request.year} ${request.make} ${request.model}`))
        },
        onError: (error) => {
          // No reason lifts these two refusals, so they are said, not asked about.
          if (error instanceof ApiError && UNRELEASABLE.has(error.message)) {
            setGate(null)
            return onError(error.message)
          }
          // The gate refused (the account changed meanwhile): ask for what it needs instead of a toast.
          if (error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT')
            return setGate({ code: { keycode, pincode, keyBlank, transponder }, serverMessage: error.message })
          setGate(null)
          onError(failureText(error, ADMIN_FAILURES.processRequest))
        },
      },
    )
  }

  return { gate, setGate, send, isSending: process.isPending }
}
