import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { EnrolmentProofKind, OwnerProof } from '@keydesk/contracts/security'
import { useState } from 'react'
import { ApiError } from '../../../lib/api-client.ts'
import { useStartTwoFactorSetup, type useUpdateSecurity } from '../api/use-security.ts'
import { OwnerProofPrompt } from './owner-proof-prompt.tsx'
import type { SecurityResult } from './security-result.ts'
import { TwoFactorSetup } from './two-factor-setup.tsx'

/** What the second factor guards, beside its switch: the reason to turn it on. */
export const TWO_FACTOR_PROTECTS =
  'Asks for a code from your authenticator app at each sign-in, so a stolen password alone cannot open your account, your documents or your keycodes.'

/** The server's text for a refused proof (400 missing, 403 wrong); anything else is the generic failure. */
const proofProblemOf = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 403) ? error.message : PROFILE_MESSAGES.securityUpdateFailed

export interface TwoFactorSwitchProps {
  twoFactorEnabled: boolean
  enrolmentProof: EnrolmentProofKind
  /** The tab's one settings update, so no setting changes while another is being saved. */
  update: ReturnType<typeof useUpdateSecurity>
  onResult: (result: SecurityResult | null) => void
}

/** Either way the password or a current code is asked first; switching on then enrols an authenticator. */
export function TwoFactorSwitch({ twoFactorEnabled, enrolmentProof, update, onResult }: TwoFactorSwitchProps) {
  const startSetup = useStartTwoFactorSetup()
  /** The two-factor change waiting for the owner's password or code. */
  const [pending, setPending] = useState<'on' | 'off' | null>(null)
  const [proofProblem, setProofProblem] = useState<string | null>(null)

  function changeTwoFactor(isOn: boolean) {
    onResult(null)
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
        onResult({ tone: 'success', text: PROFILE_MESSAGES.securityUpdated })
      } else {
        await startSetup.mutateAsync(proof)
      }
      setPending(null)
    } catch (error) {
      setProofProblem(proofProblemOf(error))
    }
  }

  return (
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
  )
}
