import { zodResolver } from '@hookform/resolvers/zod'
import { ACCOUNT_MESSAGES, LoginBodySchema } from '@keydesk/contracts/accounts-api'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

export type Credentials = z.infer<typeof LoginBodySchema>

interface CredentialsFormProps {
  submitLabel: string
  isBusy: boolean
  /** The failure to show above the fields, if any. */
  failure: string | null
  onSubmit: (form: Credentials) => void
  /** Shows the authenticator-code field (after the server asked for a second factor). */
  askCode?: boolean
}

/** Email and password with the login form's rules; used by /login and /admin-login. */
export function CredentialsForm({ submitLabel, isBusy, failure, onSubmit, askCode = false }: CredentialsFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginBodySchema), defaultValues: { email: '', password: '' } })

  // The code step takes the keyboard straight to the code, as an authenticator app's user expects.
  useEffect(() => {
    if (askCode) setFocus('code')
  }, [askCode, setFocus])

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {/* `webauthn` lets the browser offer saved passkeys here (conditional UI, passkey-sign-in.tsx). */}
      <TextField label="Email" type="email" autoComplete="username webauthn" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {askCode && (
        <div role="status">
          <TextField
            label="Authentication code"
            hint={ACCOUNT_MESSAGES.twoFactorRequired}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={errors.code?.message}
            {...register('code')}
          />
        </div>
      )}
      <Button type="submit" isBusy={isBusy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  )
}
