import { describeDevice } from '@keydesk/contracts/device-label'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { OwnerProof, UpdateSecurityBody } from '@keydesk/contracts/security'
import { useState } from 'react'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useSession } from '../../session/use-session.ts'
import { useSecurity, useStartTwoFactorSetup, useUpdateSecurity } from '../api/use-security.ts'
import { DataArchiveSection } from './data-archive-section.tsx'
import { OwnerProofPrompt } from './owner-proof-prompt.tsx'
import { PasskeysSection } from './passkeys-section.tsx'
import { SessionsList } from './sessions-list.tsx'
import { TwoFactorSetup } from './two-factor-setup.tsx'

/** The server's text for a refused proof (400 missing, 403 wrong); anything else is the generic failure. */
const proofProblemOf = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 403) ? error.message : PROFILE_MESSAGES.securityUpdateFailed

/** What the second factor guards, beside its switch: the reason to turn it on. */
export const TWO_FACTOR_PROTECTS =
  'Asks for a code from your authenticator app at each sign-in, so a stolen password alone cannot open your account, your documents or your keycodes.'

/** docs/product.md, 'Member area, chat and support', Security: two settings, the open sessions, the last sign-in and the recent sign-ins. */
export function SecurityTab() {
  const session = useSession()
  const security = useSecurity()
  const update = useUpdateSecurity()
  const startSetup = useStartTwoFactorSetup()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  /** The two-factor change waiting for the owner's password or code. */
  const [pending, setPending] = useState<'on' | 'off' | null>(null)
  const [proofProblem, setProofProblem] = useState<string | null>(null)

  async function change(body: UpdateSecurityBody) {
    try {
      await update.mutateAsync(body)
      setResult({ tone: 'success', text: PROFILE_MESSAGES.securityUpdated })
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.securityUpdateFailed })
    }
  }

  /** Either way the password or a current code is asked first; switching on then enrols an authenticator. */
  function changeTwoFactor(isOn: boolean) {
    setResult(null)
    setProofProblem(null)
    if (!isOn && startSetup.data) {
      // An enrolment not confirmed yet is simply dropped: two-factor was never on.
      startSetup.reset()
      return
    }
    setPending(isOn ? 'on' : 'off')
  }

  async function proveAndChange(proof: OwnerProof) {
    setProofProblem(null)
    try {
      if (pending === 'off') {
        await update.mutateAsync({ twoFactor: false, ...proof })
        setResult({ tone: 'success', text: PROFILE_MESSAGES.securityUpdated })
      } else {
        await startSetup.mutateAsync(proof)
      }
      setPending(null)
    } catch (error) {
      setProofProblem(proofProblemOf(error))
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
  const { twoFactorEnabled, fingerprintEnabled, keycodesByEmail, lastLogin, loginHistory, enrolmentProof } = security.data
  return (
    <div className="space-y-6">
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      <div className="space-y-3">
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            aria-describedby="two-factor-hint"
            checked={twoFactorEnabled || Boolean(startSetup.data)}
            disabled={update.isPending || startSetup.isPending || pending !== null}
            onChange={(event) => changeTwoFactor(event.target.checked)}
            className="h-5 w-5"
          />
          Two-factor authentication
        </label>
        <p id="two-factor-hint" className="text-sm text-slate-600">
          {TWO_FACTOR_PROTECTS}
        </p>
        {pending && (
          <OwnerProofPrompt
            action={pending === 'off' ? 'switch two-factor authentication off' : 'set up an authenticator app'}
            canUseCode={twoFactorEnabled}
            proofKind={pending === 'off' ? 'password-or-code' : enrolmentProof}
            isBusy={update.isPending || startSetup.isPending}
            problem={proofProblem}
            onSubmit={proveAndChange}
            onCancel={() => setPending(null)}
          />
        )}
        {startSetup.data && <TwoFactorSetup setup={startSetup.data} onDone={() => startSetup.reset()} />}
      </div>
      <PasskeysSection fingerprintEnabled={fingerprintEnabled} canUseCode={twoFactorEnabled} enrolmentProof={enrolmentProof} />
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
      <SessionsList />
      {/* A member's own archive: back-office accounts have none. */}
      {session.user?.role === 'BASEUSER' && <DataArchiveSection canUseCode={twoFactorEnabled} />}
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
                <span title={entry.userAgent ?? undefined}>{describeDevice(entry.userAgent)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
