import { zodResolver } from '@hookform/resolvers/zod'
import { type EnrolmentProofKind, type OwnerProof, OwnerProofSchema } from '@keydesk/contracts/security'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useSendEnrolmentCode } from '../api/use-security.ts'

/**
 * Asks for the proof the server wants before a security change: the current password, or a current authenticator
 * code when two-factor is on (decision 014). Adding a factor to an admin account asks for more (decision 025, the
 * `enrolmentProof` of GET /user/security): a factor it already has, or the password with a code mailed to it.
 */
export function OwnerProofPrompt({
  action,
  canUseCode,
  proofKind = 'password-or-code',
  isBusy,
  problem,
  onSubmit,
  onCancel,
}: {
  action: string
  canUseCode: boolean
  proofKind?: EnrolmentProofKind
  isBusy: boolean
  problem: string | null
  onSubmit: (proof: OwnerProof) => void
  onCancel: () => void
}) {
  const form = useForm({ resolver: zodResolver(OwnerProofSchema), defaultValues: { currentPassword: '', code: '', mailedCode: '' } })
  const { errors } = form.formState
  const [currentPassword, code, mailedCode] = form.watch(['currentPassword', 'code', 'mailedCode'])
  const hasProof =
    proofKind === 'existing-factor'
      ? true
      : proofKind === 'password-and-mailed-code'
        ? currentPassword !== '' && (mailedCode ?? '').trim() !== ''
        : currentPassword !== '' || (code ?? '').trim() !== ''

  const submit = form.handleSubmit((proof) => {
    if (proofKind === 'password-and-mailed-code')
      onSubmit({ currentPassword: proof.currentPassword ?? '', mailedCode: proof.mailedCode ?? '' })
    // A session signed in with a passkey is the factor itself: no code then.
    else if (proofKind === 'existing-factor') onSubmit(proof.code ? { code: proof.code } : {})
    // A code, when typed, is the proof; otherwise the password is.
    else onSubmit(proof.code ? { code: proof.code } : { currentPassword: proof.currentPassword ?? '' })
  })

  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-slate-200 p-4" aria-label="Confirm it is you">
      <p className="text-sm text-slate-700">{instructionFor(proofKind, action, canUseCode)}</p>
      {proofKind !== 'existing-factor' && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={problem ?? errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
      )}
      {proofKind === 'password-and-mailed-code' && (
        <MailedCodeField currentPassword={currentPassword ?? ''} {...form.register('mailedCode')} />
      )}
      {(proofKind === 'existing-factor' || (proofKind === 'password-or-code' && canUseCode)) && (
        <TextField
          label={proofKind === 'existing-factor' ? 'Code from your authenticator app' : 'Or a code from your app'}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={11}
          error={(proofKind === 'existing-factor' ? problem : null) ?? errors.code?.message}
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

function instructionFor(proofKind: EnrolmentProofKind, action: string, canUseCode: boolean): string {
  if (proofKind === 'existing-factor') {
    return `To ${action}, enter a code from your authenticator app. Signed in with your passkey? Continue without a code.`
  }
  if (proofKind === 'password-and-mailed-code') {
    return `To ${action}, enter your current password, choose "E-mail me a code", and enter the code from that e-mail.`
  }
  return `To ${action}, enter your current password${canUseCode ? ' or a code from your authenticator app' : ''}.`
}

/** The "E-mail me a code" button (it checks the password first) and the field for the code it mails. */
function MailedCodeField({ currentPassword, ...field }: { currentPassword: string } & ReturnType<ReturnType<typeof useForm>['register']>) {
  const send = useSendEnrolmentCode()
  const [note, setNote] = useState<{ text: string; isError: boolean } | null>(null)
  async function sendCode() {
    setNote(null)
    try {
      const answer = await send.mutateAsync(currentPassword)
      setNote({ text: answer.message, isError: false })
    } catch (error) {
      setNote({ text: error instanceof ApiError ? error.message : 'The code could not be sent. Try again.', isError: true })
    }
  }
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" isBusy={send.isPending} disabled={currentPassword === ''} onClick={sendCode}>
        E-mail me a code
      </Button>
      {note && (
        <p role={note.isError ? 'alert' : 'status'} className={note.isError ? 'text-sm text-red-700' : 'text-sm text-slate-700'}>
          {note.text}
        </p>
      )}
      <TextField label="Code from the e-mail" inputMode="numeric" autoComplete="one-time-code" maxLength={20} {...field} />
    </div>
  )
}
