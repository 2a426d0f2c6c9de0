import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { TextField } from '../../../components/ui/text-field.tsx'

interface PersonValues {
  fname: string
  lname: string
  email: string
}

interface PersonFieldsProps {
  register: UseFormRegister<PersonValues>
  errors: FieldErrors<PersonValues>
}

/** First name, last name and e-mail of the business and the admin sign-up forms. */
export function PersonFields({ register, errors }: PersonFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.fname?.message} {...register('fname')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lname?.message} {...register('lname')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
    </>
  )
}
