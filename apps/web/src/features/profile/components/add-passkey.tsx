import { describeDevice } from '@keydesk/contracts/device-label'
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from '@keydesk/contracts/passkeys'
import type { EnrolmentProofKind, OwnerProof } from '@keydesk/contracts/security'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { passkeysPossibleHere } from '../../../lib/webauthn-options.ts'
import { useCreatePasskey, usePasskeyOptions } from '../api/use-passkeys.ts'
import { OwnerProofPrompt } from './owner-proof-prompt.tsx'
import { checkName, deviceText, type PasskeyResult, serverText } from './passkey-texts.ts'

export interface AddPasskeyProps {
  canUseCode: boolean
  enrolmentProof: EnrolmentProofKind
  /** Null when a new try starts, so an old result does not stand beside it. */
  onResult: (result: PasskeyResult | null) => void
}

/** Adding a passkey: the password (or a code) first, then a name, then the device's own prompt. */
export function AddPasskey({ canUseCode, enrolmentProof, onResult }: AddPasskeyProps) {
  const options = usePasskeyOptions()
  const create = useCreatePasskey()
  const [isSupported] = useState(passkeysPossibleHere)
  const [step, setStep] = useState<'idle' | 'proof' | 'name'>('idle')
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const reset = () => {
    setStep('idle')
    setProblem(null)
    options.reset()
  }

  async function prove(proof: OwnerProof) {
    setProblem(null)
    try {
      await options.mutateAsync(proof)
      setName(describeDevice(navigator.userAgent))
      setStep('name')
    } catch (error) {
      setProblem(serverText(error))
    }
  }

  async function createPasskey(event: FormEvent) {
    event.preventDefault()
    const checked = checkName(name)
    if ('problem' in checked) return setProblem(checked.problem)
    if (!options.data) return reset()
    setProblem(null)
    try {
      await create.mutateAsync({ options: options.data, name: checked.name })
      onResult({ tone: 'success', text: PASSKEY_MESSAGES.added })
    } catch (error) {
      // The options are spent either way: a new try starts from the password again.
      onResult({ tone: 'error', text: deviceText(error) })
    }
    reset()
  }

  if (step === 'proof') {
    return (
      <OwnerProofPrompt
        action="add a passkey"
        canUseCode={canUseCode}
        proofKind={enrolmentProof}
        isBusy={options.isPending}
        problem={problem}
        onSubmit={prove}
        onCancel={reset}
      />
    )
  }
  if (step === 'name') {
    return (
      <form onSubmit={createPasskey} className="space-y-3 rounded-md border border-slate-200 p-4" aria-label="Name the passkey">
        <TextField
          label="Passkey name"
          hint="So you can tell your passkeys apart, for example the device it is on."
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          error={problem ?? undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" isBusy={create.isPending}>
            Create passkey
          </Button>
          <Button variant="secondary" onClick={reset}>
            Cancel
          </Button>
        </div>
      </form>
    )
  }
  if (!isSupported) {
    return (
      <p className="text-sm text-slate-600">
        Passkeys cannot be created here: they need a browser that supports them, with this site opened at its name (not at an IP address).
      </p>
    )
  }
  return (
    <Button
      variant="secondary"
      onClick={() => {
        onResult(null)
        setProblem(null)
        setStep('proof')
      }}
    >
      Add a passkey
    </Button>
  )
}
