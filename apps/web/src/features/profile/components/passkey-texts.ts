import { MESSAGES } from '@keydesk/contracts/messages'
import { PasskeyNameSchema } from '@keydesk/contracts/passkeys'
import { ApiError, failureText } from '../../../lib/api-client.ts'

/** What the section says after an action on a passkey; the one ActionResult above the list shows it. */
export interface PasskeyResult {
  tone: 'success' | 'error'
  text: string
}

const FAILED = 'That did not work. Try again.'

export const serverText = (error: unknown) => failureText(error, FAILED, MESSAGES.backendUnavailable)

/** A dismissed device prompt is the member's choice; anything else the device says is shown as it is. */
export const deviceText = (error: unknown) => {
  if (error instanceof ApiError || !(error instanceof Error)) return serverText(error)
  if (error.name === 'NotAllowedError') return 'The passkey was not created: the device prompt was closed.'
  return `The device could not create the passkey: ${error.message}`
}

/** Validates a passkey name with the contract's rule; answers the trimmed name or the problem. */
export function checkName(name: string): { name: string } | { problem: string } {
  const parsed = PasskeyNameSchema.safeParse(name)
  return parsed.success ? { name: parsed.data } : { problem: parsed.error.issues[0]?.message ?? FAILED }
}
