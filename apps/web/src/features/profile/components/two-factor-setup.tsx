import { zodResolver } from '@hookform/resolvers/zod'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { TwoFactorCodeBodySchema, type TwoFactorSetupAnswer } from '@keydesk/contracts/security'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useConfirmTwoFactor } from '../api/use-security.ts'

/** Scan, confirm with a first code, then keep the recovery codes (shown once). */
export function TwoFactorSetup({ setup, onDone }: { setup: TwoFactorSetupAnswer; onDone: () => void }) {
  const confirm = useConfirmTwoFactor()
  const form = useForm({ resolver: zodResolver(TwoFactorCodeBodySchema), defaultValues: { code: '' } })
  const hasSixCharacters = form.watch('code').trim().length === 6

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync(code)
    } catch (error) {
      const message = error instanceof ApiError && error.status === 400 ? error.message : PROFILE_MESSAGES.securityUpdateFailed
      form.setError('code', { message })
    }
  })

  if (confirm.data) {
    return (
      <div className="space-y-3 rounded-md border border-green-300 bg-green-50 p-4">
        <p className="font-semibold text-green-900">{PROFILE_MESSAGES.securityUpdated}</p>
        <p className="text-sm text-slate-700">
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
          {confirm.data.recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>{recoveryCode}</li>
          ))}
        </ul>
        <Button variant="secondary" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </div>
    )
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-slate-200 p-4" aria-label="Set up two-factor authentication">
      <p className="text-sm text-slate-700">
        Scan this code with your authenticator app, or type the key by hand, then enter the 6-digit code it shows.
      </p>
      <img src={setup.qrCode} alt="QR code for your authenticator app" className="h-44 w-44" />
      <p className="text-sm">
        Key: <code className="font-mono break-all">{setup.secret}</code>
      </p>
      <TextField
        label="Code from your app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" isBusy={confirm.isPending} disabled={!hasSixCharacters}>
        Confirm
      </Button>
    </form>
  )
}
