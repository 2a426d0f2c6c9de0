import { zodResolver } from '@hookform/resolvers/zod'
import { ResetPasswordFormSchema } from '@keydesk/contracts/auth-forms'
import { AUTH_MESSAGES, SESSION_MESSAGES } from '@keydesk/contracts/auth-messages'
import { RESET_REDIRECT_MS } from '@keydesk/contracts/limits'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { useConfirmPasswordReset } from '../api/use-confirm-password-reset.ts'
import { CallFailure } from '../components/call-failure.tsx'

/** docs/product.md, 'Screens and routes (web)': a new password for the token in the link, then /login after 2 seconds. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const navigate = useNavigate()
  const confirmReset = useConfirmPasswordReset()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ResetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } })

  useEffect(() => {
    if (!confirmReset.isSuccess) return
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [confirmReset.isSuccess, navigate])

  if (!token) {
    return (
      <PageFrame title={SESSION_MESSAGES.invalidResetLinkTitle} width="narrow">
        <Alert tone="error">{AUTH_MESSAGES.resetLinkInvalid}</Alert>
        <p className="mt-6 text-sm">
          <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
            Back to login
          </Link>
        </p>
      </PageFrame>
    )
  }

  const onSubmit = handleSubmit(({ password }) => confirmReset.mutate({ token, newPassword: password }))

  return (
    <PageFrame title="Reset Password" description="Choose a new password for your account." width="narrow">
      {confirmReset.isSuccess ? (
        <Alert tone="success">{AUTH_MESSAGES.passwordUpdated}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {confirmReset.isError && (
            <CallFailure
              error={confirmReset.error}
              unanswered={AUTH_MESSAGES.passwordUpdateError}
              refused={AUTH_MESSAGES.passwordUpdateFailed}
            />
          )}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" isBusy={confirmReset.isPending} className="w-full">
            Update Password
          </Button>
        </form>
      )}
    </PageFrame>
  )
}
