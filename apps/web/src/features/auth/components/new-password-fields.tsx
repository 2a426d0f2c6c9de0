import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { TextField } from '../../../components/ui/text-field.tsx'

interface NewPasswordValues {
  password: string
  confirmPassword: string
}

interface NewPasswordFieldsProps {
  register: UseFormRegister<NewPasswordValues>
  errors: FieldErrors<NewPasswordValues>
}

/** Password and its confirmation on the sign-up forms: the business's and the invitee's (in AccountFields) and the admin's. */
export function NewPasswordFields({ register, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  )
}
