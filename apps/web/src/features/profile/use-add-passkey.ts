import { describeDevice } from '@keydesk/contracts/device-label'
import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import type { OwnerProof } from '@keydesk/contracts/security'
import { type FormEvent, useState } from 'react'
import { useCreatePasskey, usePasskeyOptions } from './api/use-passkeys.ts'
import { checkName, deviceText, type PasskeyResult, serverText } from './components/passkey-texts.ts'

/**
 * The steps of adding a passkey: the owner's proof, which brings the device's options; then a name, proposed from
 * the device; then the device's own prompt, whose outcome goes to `onResult`. Any end starts again from the proof.
 */
export function useAddPasskey(onResult: (result: PasskeyResult | null) => void) {
  const options = usePasskeyOptions()
  const create = useCreatePasskey()
  const [step, setStep] = useState<'idle' | 'proof' | 'name'>('idle')
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const start = () => {
    onResult(null)
    setProblem(null)
    setStep('proof')
  }

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

  return {
    step,
    name,
    setName,
    problem,
    isProving: options.isPending,
    isCreating: create.isPending,
    start,
    reset,
    prove,
    createPasskey,
  }
}
