import type { UserView } from '@keydesk/contracts/auth'
import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { passkeysPossibleHere } from '../../../lib/webauthn-options.ts'
import { usePasskeyLogin } from '../api/use-passkey-login.ts'

/** A cancelled or dismissed device prompt is the member's choice, not a failure to report. */
const isDismissed = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'NotAllowedError' || /cancel|abort/i.test(error.message))

/**
 * "Sign in with a passkey" for /login and /admin-login, without an e-mail, and the passkeys the browser offers in the
 * e-mail field where it can (conditional UI, which the e-mail field's `webauthn` autocomplete token asks for).
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: UserView) => void }) {
  const login = usePasskeyLogin()
  const [failure, setFailure] = useState<string | null>(null)
  const signedIn = useRef(onSignedIn)
  signedIn.current = onSignedIn
  const [isSupported] = useState(passkeysPossibleHere)

  const run = (autofill: boolean) =>
    login.mutate(
      { autofill },
      {
        onSuccess: (user) => signedIn.current(user),
        onError: (error) => {
          // The autofill's waiting request says nothing when it ends: the member never asked for it (and a site
          // opened at an IP address, where browsers refuse passkeys, must not greet everyone with an error).
          if (autofill || isDismissed(error)) return
          setFailure(error instanceof ApiError ? error.message : PASSKEY_MESSAGES.signInFailed)
        },
      },
    )
  const runRef = useRef(run)
  runRef.current = run

  useEffect(() => {
    let isCurrent = true
    if (!passkeysPossibleHere()) return
    browserSupportsWebAuthnAutofill().then((supported) => {
      if (supported && isCurrent) runRef.current(true)
    })
    return () => {
      isCurrent = false
      WebAuthnAbortService.cancelCeremony()
    }
  }, [])

  if (!isSupported) return null
  return (
    <div className="space-y-2">
      {failure && (
        <Alert tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Button
        variant="secondary"
        className="w-full"
        isBusy={login.isPending && login.variables?.autofill === false}
        onClick={() => {
          setFailure(null)
          run(false)
        }}
      >
        Sign in with a passkey
      </Button>
      <p className="text-xs text-slate-600">Use the fingerprint, face or screen lock of a device where you added a passkey.</p>
    </div>
  )
}
