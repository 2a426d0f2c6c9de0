import { zodResolver } from '@hookform/resolvers/zod'
import { type AdminRegisterForm, AdminRegisterFormSchema } from '@keydesk/contracts/auth-forms'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid.ts'
import { useAdminRegister } from './api/use-admin-register.ts'
import { useRequestAdminCode } from './api/use-request-admin-code.ts'
import { useValidateAdminCode } from './api/use-validate-admin-code.ts'

const emptyForm: AdminRegisterForm = {
  fname: '',
  lname: '',
  email: '',
  company: '',
  phone: '',
  password: '',
  confirmPassword: '',
  adminCode: '',
}

/**
 * The admin sign-up form and its three calls: request a code (for the name and e-mail typed, which enables the code
 * field), validate it, and create the account, which only a requested code lets through.
 */
export function useAdminRegisterForm() {
  const requestCode = useRequestAdminCode()
  const validateCode = useValidateAdminCode()
  const adminRegister = useAdminRegister()
  const [isCodeRequested, setIsCodeRequested] = useState(false)
  const [isMissingForValidation, setIsMissingForValidation] = useState(false)
  const [isCodeNotRequested, setIsCodeNotRequested] = useState(false)
  const form = useForm({ resolver: zodResolver(AdminRegisterFormSchema), shouldFocusError: false, defaultValues: emptyForm })
  const { handleSubmit, trigger, getValues } = form
  const formRef = useRef<HTMLFormElement>(null)
  const [submitAttempts, setSubmitAttempts] = useState(0)
  useFocusFirstInvalid(formRef, submitAttempts)

  const email = () => getValues('email').trim().toLowerCase()

  const onRequestCode = async () => {
    if (!(await trigger(['fname', 'lname', 'email']))) return
    requestCode.mutate(
      { email: email(), firstName: getValues('fname').trim(), lastName: getValues('lname').trim() },
      { onSuccess: () => setIsCodeRequested(true) },
    )
  }

  const onValidateCode = () => {
    const code = (getValues('adminCode') ?? '').trim()
    setIsMissingForValidation(!email() || !code)
    if (email() && code) validateCode.mutate({ email: email(), code })
  }

  const submitForm = handleSubmit((values) => {
    const body = new FormData()
    for (const field of ['fname', 'lname', 'email', 'phone', 'password', 'company', 'adminCode'] as const) body.set(field, values[field])
    adminRegister.mutate(body)
  })

  // Every attempt marks every field with its problem and then moves focus to the first one on the page, also when
  // the code was not requested yet (the alert says so; the fields still say what else is missing).
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsCodeNotRequested(!isCodeRequested)
    if (isCodeRequested) await submitForm(event)
    else await trigger()
    setSubmitAttempts((count) => count + 1)
  }

  return {
    form,
    formRef,
    requestCode,
    validateCode,
    adminRegister,
    isCodeRequested,
    isMissingForValidation,
    isCodeNotRequested,
    onRequestCode,
    onValidateCode,
    onSubmit,
  }
}
