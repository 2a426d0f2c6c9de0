import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { UpdateSecurityBody } from '@keydesk/contracts/security'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSecurity, useStartTwoFactorSetup, useUpdateSecurity } from '../api/use-security.ts'
import { TwoFactorSetup } from './two-factor-setup.tsx'

/** Spec 3 "Security": two settings, the last sign-in and the recent sign-ins. */
export function SecurityTab() {
  const security = useSecurity()
  const update = useUpdateSecurity()
  const startSetup = useStartTwoFactorSetup()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function change(body: UpdateSecurityBody) {
    try {
      await update.mutateAsync(body)
      setResult({ tone: 'success', text: PROFILE_MESSAGES.securityUpdated })
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.securityUpdateFailed })
    }
  }

  /** Switching two-factor on means enrolling an authenticator; switching it off is one call. */
  async function changeTwoFactor(isOn: boolean) {
    if (!isOn) {
      startSetup.reset()
      await change({ twoFactor: false })
      return
    }
    setResult(null)
    try {
      await startSetup.mutateAsync()
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.securityUpdateFailed })
    }
  }

  if (security.isPending) return <Spinner label="Loading security settings..." />
  if (security.isError) {
    return (
      <Alert tone="error" title="Your security settings could not be loaded.">
        <Button variant="link" onClick={() => security.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  const { twoFactorEnabled, fingerprintEnabled, keycodesByEmail, lastLogin, loginHistory } = security.data
  return (
    <div className="space-y-6">
      {result && (
        <Alert tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </Alert>
      )}
      <div className="space-y-3">
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            checked={twoFactorEnabled || Boolean(startSetup.data)}
            disabled={update.isPending || startSetup.isPending}
            onChange={(event) => changeTwoFactor(event.target.checked)}
            className="h-5 w-5"
          />
          Two-factor authentication
        </label>
        {startSetup.data && <TwoFactorSetup setup={startSetup.data} onDone={() => startSetup.reset()} />}
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            checked={fingerprintEnabled}
            disabled={update.isPending}
            onChange={(event) => change({ fingerprint: event.target.checked })}
            className="h-5 w-5"
          />
          Fingerprint sign-in
        </label>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Keycode delivery</legend>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={keycodesByEmail}
            disabled={update.isPending}
            onChange={(event) => change({ keycodesByEmail: event.target.checked })}
            className="mt-0.5 h-5 w-5"
            aria-describedby="keycode-delivery-hint"
          />
          Send keycodes by e-mail
        </label>
        <p id="keycode-delivery-hint" className="text-sm text-slate-600">
          {keycodesByEmail
            ? 'The e-mail that tells you an order is ready carries the keycode and PIN. They are always in your dashboard too.'
            : 'Keycodes are shown only in your dashboard; the e-mail only says the order is ready.'}
        </p>
      </fieldset>
      <p className="text-sm text-slate-700">Last login: {lastLogin ? new Date(lastLogin).toLocaleString() : 'No sign-in recorded yet'}</p>
      <section aria-labelledby="login-history-title">
        <h3 id="login-history-title" className="font-semibold text-slate-900">
          Login history
        </h3>
        {loginHistory.length === 0 ? (
          <p className="text-sm text-slate-600">No sign-in recorded yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {loginHistory.map((entry) => (
              <li key={entry.signedInAt} className="py-2">
                {new Date(entry.signedInAt).toLocaleString()} · {entry.ipAddress ?? 'unknown address'} ·{' '}
                {entry.userAgent ?? 'unknown browser'}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
