import { describeDevice } from '@keydesk/contracts/device-label'
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, type Passkey, PasskeyNameSchema } from '@keydesk/contracts/passkeys'
import type { EnrolmentProofKind, OwnerProof } from '@keydesk/contracts/security'
import { type FormEvent, useState } from 'react'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { passkeysPossibleHere } from '../../../lib/webauthn-options.ts'
import { useCreatePasskey, usePasskeyOptions, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/use-passkeys.ts'
import { OwnerProofPrompt } from './owner-proof-prompt.tsx'

const FAILED = 'That did not work. Try again.'
const serverText = (error: unknown) => (error instanceof ApiError ? error.message : FAILED)
/** A dismissed device prompt is the member's choice; anything else the device says is shown as it is. */
const deviceText = (error: unknown) => {
  if (error instanceof ApiError || !(error instanceof Error)) return serverText(error)
  if (error.name === 'NotAllowedError') return 'The passkey was not created: the device prompt was closed.'
  return `The device could not create the passkey: ${error.message}`
}
const when = (iso: string) => new Date(iso).toLocaleDateString()

/** Validates a passkey name with the contract's rule; answers the trimmed name or the problem. */
function checkName(name: string): { name: string } | { problem: string } {
  const parsed = PasskeyNameSchema.safeParse(name)
  return parsed.success ? { name: parsed.data } : { problem: parsed.error.issues[0]?.message ?? FAILED }
}

/**
 * docs/product.md, 'Fingerprint sign-in (passkeys)': Fingerprint sign-in is on while the account has a passkey.
 * Adding one asks for the password (or a code) first, then a name, then the device's own prompt; removing one asks
 * for the password again. The password always still signs in.
 */
export function PasskeysSection({
  fingerprintEnabled,
  canUseCode,
  enrolmentProof,
}: {
  fingerprintEnabled: boolean
  canUseCode: boolean
  enrolmentProof: EnrolmentProofKind
}) {
  const passkeys = usePasskeys()
  const options = usePasskeyOptions()
  const create = useCreatePasskey()
  const rename = useRenamePasskey()
  const remove = useRemovePasskey()
  const [isSupported] = useState(passkeysPossibleHere)
  const [step, setStep] = useState<'idle' | 'proof' | 'name'>('idle')
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null)
  const [removing, setRemoving] = useState<Passkey | null>(null)

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
      setResult({ tone: 'success', text: PASSKEY_MESSAGES.added })
      reset()
    } catch (error) {
      // The options are spent either way: a new try starts from the password again.
      setResult({ tone: 'error', text: deviceText(error) })
      reset()
    }
  }

  async function saveName(event: FormEvent) {
    event.preventDefault()
    if (!renaming) return
    const checked = checkName(renaming.name)
    if ('problem' in checked) return setResult({ tone: 'error', text: checked.problem })
    try {
      await rename.mutateAsync({ id: renaming.id, name: checked.name })
      setResult({ tone: 'success', text: PASSKEY_MESSAGES.renamed })
      setRenaming(null)
    } catch (error) {
      setResult({ tone: 'error', text: serverText(error) })
    }
  }

  async function proveAndRemove(proof: OwnerProof) {
    if (!removing) return
    setProblem(null)
    try {
      await remove.mutateAsync({ id: removing.id, proof })
      setResult({ tone: 'success', text: PASSKEY_MESSAGES.removed })
      setRemoving(null)
    } catch (error) {
      setProblem(serverText(error))
    }
  }

  return (
    <section aria-labelledby="passkeys-title" className="space-y-2">
      <h3 id="passkeys-title" className="font-semibold text-slate-900">
        Fingerprint sign-in
      </h3>
      <p className="text-sm text-slate-700">
        {fingerprintEnabled
          ? 'On: sign in with the fingerprint, face or screen lock of a device that holds one of your passkeys.'
          : 'Off: add a passkey to sign in with the fingerprint, face or screen lock of this device.'}
      </p>
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      {passkeys.isPending && <Spinner label="Loading your passkeys..." />}
      {passkeys.isError && <Alert tone="error">Your passkeys could not be loaded.</Alert>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Passkeys">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="space-y-2 py-2">
              {renaming?.id === passkey.id ? (
                <form onSubmit={saveName} className="flex flex-wrap items-end gap-2" aria-label={`Rename ${passkey.name}`}>
                  <TextField
                    label="New name"
                    value={renaming.name}
                    maxLength={PASSKEY_NAME_MAX}
                    onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                  />
                  <Button type="submit" isBusy={rename.isPending}>
                    Save
                  </Button>
                  <Button variant="secondary" onClick={() => setRenaming(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <span className="font-medium text-slate-900">{passkey.name}</span>
                    <span className="block text-slate-600">
                      Added {when(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'}
                    </span>
                  </span>
                  <span className="flex gap-2">
                    <Button
                      variant="secondary"
                      aria-label={`Rename ${passkey.name}`}
                      onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Remove ${passkey.name}`}
                      onClick={() => {
                        setProblem(null)
                        setRemoving(passkey)
                      }}
                    >
                      Remove
                    </Button>
                  </span>
                </div>
              )}
              {removing?.id === passkey.id && (
                <OwnerProofPrompt
                  action={`remove the passkey "${passkey.name}"`}
                  canUseCode={canUseCode}
                  isBusy={remove.isPending}
                  problem={problem}
                  onSubmit={proveAndRemove}
                  onCancel={() => setRemoving(null)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {step === 'idle' &&
        (isSupported ? (
          <Button
            variant="secondary"
            onClick={() => {
              setResult(null)
              setProblem(null)
              setStep('proof')
            }}
          >
            Add a passkey
          </Button>
        ) : (
          <p className="text-sm text-slate-600">
            Passkeys cannot be created here: they need a browser that supports them, with this site opened at its name (not at an IP
            address).
          </p>
        ))}
      {step === 'proof' && (
        <OwnerProofPrompt
          action="add a passkey"
          canUseCode={canUseCode}
          proofKind={enrolmentProof}
          isBusy={options.isPending}
          problem={problem}
          onSubmit={prove}
          onCancel={reset}
        />
      )}
      {step === 'name' && (
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
      )}
    </section>
  )
}
