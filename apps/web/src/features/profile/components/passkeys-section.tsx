import type { EnrolmentProofKind } from '@keydesk/contracts/security'
import { useState } from 'react'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { AddPasskey } from './add-passkey.tsx'
import { PasskeyList } from './passkey-list.tsx'
import type { PasskeyResult } from './passkey-texts.ts'

export interface PasskeysSectionProps {
  fingerprintEnabled: boolean
  canUseCode: boolean
  enrolmentProof: EnrolmentProofKind
}

/**
 * docs/product.md, 'Fingerprint sign-in (passkeys)': Fingerprint sign-in is on while the account has a passkey.
 * Adding one asks for the password (or a code) first, then a name, then the device's own prompt; removing one asks
 * for the password again. The password always still signs in.
 */
export function PasskeysSection({ fingerprintEnabled, canUseCode, enrolmentProof }: PasskeysSectionProps) {
  const [result, setResult] = useState<PasskeyResult | null>(null)
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
      <PasskeyList canUseCode={canUseCode} onResult={setResult} />
      <AddPasskey canUseCode={canUseCode} enrolmentProof={enrolmentProof} onResult={setResult} />
    </section>
  )
}
