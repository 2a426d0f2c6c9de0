import { PASSKEY_MESSAGES, type Passkey } from '@keydesk/contracts/passkeys'
import type { OwnerProof } from '@keydesk/contracts/security'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { usePasskeys, useRemovePasskey } from '../api/use-passkeys.ts'
import { OwnerProofPrompt } from './owner-proof-prompt.tsx'
import { type PasskeyResult, serverText } from './passkey-texts.ts'
import { RenamePasskeyForm } from './rename-passkey-form.tsx'

const when = (iso: string) => new Date(iso).toLocaleDateString()

function PasskeySummary({ passkey, onRename, onRemove }: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span>
        <span className="font-medium text-slate-900">{passkey.name}</span>
        <span className="block text-slate-600">
          Added {when(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'}
        </span>
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" aria-label={`Rename ${passkey.name}`} onClick={onRename}>
          Rename
        </Button>
        <Button variant="secondary" aria-label={`Remove ${passkey.name}`} onClick={onRemove}>
          Remove
        </Button>
      </span>
    </div>
  )
}

/** The account's passkeys, one renamed or removed at a time; removing one asks for the password again. */
export function PasskeyList({ canUseCode, onResult }: { canUseCode: boolean; onResult: (result: PasskeyResult) => void }) {
  const passkeys = usePasskeys()
  const remove = useRemovePasskey()
  const [renamingId, setRenamingId] = useState<string | null>(null)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  async function proveAndRemove(proof: OwnerProof) {
    if (!removing) return
    setProblem(null)
    try {
      await remove.mutateAsync({ id: removing.id, proof })
      onResult({ tone: 'success', text: PASSKEY_MESSAGES.removed })
      setRemoving(null)
    } catch (error) {
      setProblem(serverText(error))
    }
  }

  if (passkeys.isPending) return <Spinner label="Loading your passkeys..." />
  if (passkeys.isError) return <Alert tone="error">Your passkeys could not be loaded.</Alert>
  if (passkeys.data.length === 0) return null
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Passkeys">
      {passkeys.data.map((passkey) => (
        <li key={passkey.id} className="space-y-2 py-2">
          {renamingId === passkey.id ? (
            <RenamePasskeyForm passkey={passkey} onResult={onResult} onClose={() => setRenamingId(null)} />
          ) : (
            <PasskeySummary
              passkey={passkey}
              onRename={() => setRenamingId(passkey.id)}
              onRemove={() => {
                setProblem(null)
                setRemoving(passkey)
              }}
            />
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
  )
}
