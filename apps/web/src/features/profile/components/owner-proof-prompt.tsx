import { zodResolver } from '@hookform/resolvers/zod'
import { type OwnerProof, OwnerProofSchema } from '@keydesk/contracts/security'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

/**
 * Asks for the current password, or a current authenticator code when two-factor is on, before two-factor is
 * switched off or an authenticator enrolled: a session alone does not do (decision 014).
 */
export function OwnerProofPrompt({
  action,
  canUseCode,
  isBusy,
  problem,
  onSubmit,
  onCancel,
}: {
  action: string
  canUseCode: boolean
  isBusy: boolean
  problem: string | null
  onSubmit: (proof: OwnerProof) => void
  onCancel: () => void
}) {
  const form = useForm({ resolver: zodResolver(OwnerProofSchema), defaultValues: { currentPassword: '', code: '' } })
  const { errors } = form.formState
  const [currentPassword, code] = form.watch(['currentPassword', 'code'])
  const hasProof = currentPassword !== '' || (code ?? '').trim() !== ''

  // A code, when typed, is the proof; otherwise the password is.
  const submit = form.handleSubmit((proof) =>
    onSubmit(proof.code ? { code: proof.code } : { currentPassword: proof.currentPassword ?? '' }),
  )

  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-slate-200 p-4" aria-label="Confirm it is you">
      <p className="text-sm text-slate-700">
        To {action}, enter your current password{canUseCode ? ' or a code from your authenticator app' : ''}.
      </p>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={problem ?? errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      {canUseCode && (
        <TextField
          label="Or a code from your app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={11}
          error={errors.code?.message}
          {...form.register('code')}
        />
      )}
      <div className="flex gap-2">
        <Button type="submit" isBusy={isBusy} disabled={!hasProof}>
          Continue
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
