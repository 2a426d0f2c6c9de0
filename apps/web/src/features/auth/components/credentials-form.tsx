import { zodResolver } from '@hookform/resolvers/zod'
import { type LoginForm, LoginFormSchema } from '@keydesk/contracts/auth-forms'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

interface CredentialsFormProps {
  submitLabel: string
  isBusy: boolean
  /** The failure to show above the fields (spec 8 texts), if any. */
  failure: string | null
  onSubmit: (form: LoginForm) => void
}

/** Email and password with the spec 5 login rules; used by /login and /admin-login. */
export function CredentialsForm({ submitLabel, isBusy, failure, onSubmit }: CredentialsFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } })

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" isBusy={isBusy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  )
}
