import { REGION_GROUPS } from '@keydesk/contracts/states'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

interface AccountValues {
  phone: string
  password: string
  confirmPassword: string
  state: string
}

interface AccountFieldsProps {
  register: UseFormRegister<AccountValues>
  errors: FieldErrors<AccountValues>
}

/** Phone, password and its confirmation, and state or province: what the business sign-up and an invitee's join both ask. */
export function AccountFields({ register, errors }: AccountFieldsProps) {
  return (
    <>
      <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <NewPasswordFields register={register} errors={errors} />
      <SelectField
        label="State or province"
        placeholder="Select your state or province"
        groups={REGION_GROUPS}
        error={errors.state?.message}
        {...register('state')}
      />
    </>
  )
}
