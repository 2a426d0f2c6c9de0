import { zodResolver } from '@hookform/resolvers/zod'
import { ResetPasswordRequestBodySchema } from '@keydesk/contracts/accounts-api'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useRequestPasswordReset } from '../api/use-request-password-reset.ts'
import { CallFailure } from './call-failure.tsx'

/** docs/product.md, 'Screens and routes (web)': the Forgot Password panel of the login screen, sending the reset e-mail. */
export function ForgotPasswordPanel() {
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const requestReset = useRequestPasswordReset()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ResetPasswordRequestBodySchema), defaultValues: { email: '' } })

  const onSubmit = handleSubmit(({ email }) => requestReset.mutate(email))

  return (
    <div className="rounded-md border border-slate-200 bg-white">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="w-full px-4 py-3 text-left text-sm font-medium text-brand-600"
      >
        Forgot Password?
      </button>
      {isOpen && (
        <form id={panelId} noValidate onSubmit={onSubmit} className="space-y-3 border-t border-slate-200 px-4 py-4">
          {requestReset.isSuccess && <Alert tone="success">{AUTH_MESSAGES.resetEmailSent}</Alert>}
          {requestReset.isError && (
            <CallFailure error={requestReset.error} unanswered={AUTH_MESSAGES.resetEmailError} refused={AUTH_MESSAGES.resetEmailFailed} />
          )}
          <TextField
            label="Email for the reset link"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" variant="secondary" isBusy={requestReset.isPending}>
            Send Reset Link
          </Button>
        </form>
      )}
    </div>
  )
}
