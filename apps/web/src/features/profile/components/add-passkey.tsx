import type { EnrolmentProofKind } from '@keydesk/contracts/security'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { passkeysPossibleHere } from '../../../lib/webauthn-options.ts'
import { useAddPasskey } from '../use-add-passkey.ts'
import { OwnerProofPrompt } from './owner-proof-prompt.tsx'
import { PasskeyNameForm } from './passkey-name-form.tsx'
import type { PasskeyResult } from './passkey-texts.ts'

export interface AddPasskeyProps {
  canUseCode: boolean
  enrolmentProof: EnrolmentProofKind
  /** Null when a new try starts, so an old result does not stand beside it. */
  onResult: (result: PasskeyResult | null) => void
}

/** Adding a passkey: the password (or a code) first, then a name, then the device's own prompt. */
export function AddPasskey({ canUseCode, enrolmentProof, onResult }: AddPasskeyProps) {
  const [isSupported] = useState(passkeysPossibleHere)
  const adding = useAddPasskey(onResult)

  if (adding.step === 'proof') {
    return (
      <OwnerProofPrompt
        action="add a passkey"
        canUseCode={canUseCode}
        proofKind={enrolmentProof}
        isBusy={adding.isProving}
        problem={adding.problem}
        onSubmit={adding.prove}
        onCancel={adding.reset}
      />
    )
  }
  if (adding.step === 'name') {
    return (
      <PasskeyNameForm
        name={adding.name}
        problem={adding.problem}
        isBusy={adding.isCreating}
        onNameChange={adding.setName}
        onSubmit={adding.createPasskey}
        onCancel={adding.reset}
      />
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
    <Button variant="secondary" onClick={adding.start}>
      Add a passkey
    </Button>
  )
}
