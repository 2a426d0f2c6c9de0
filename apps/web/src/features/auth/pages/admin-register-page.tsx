import { zodResolver } from '@hookform/resolvers/zod'
import { type AdminRegisterForm, AdminRegisterFormSchema } from '@keydesk/contracts/auth-forms'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts'
import { useAdminRegister } from '../api/use-admin-register.ts'
import { useRequestAdminCode } from '../api/use-request-admin-code.ts'
import { useValidateAdminCode } from '../api/use-validate-admin-code.ts'
import { AdminCodeActions } from '../components/admin-code-actions.tsx'
import { NewPasswordFields } from '../components/new-password-fields.tsx'
import { PersonFields } from '../components/person-fields.tsx'
import { serverText } from '../failure-text.ts'

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

/** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Admin sign-up: request a code (which enables the code field), validate it, submit; the account then awaits approval. */
export function AdminRegisterPage() {
  const requestCode = useRequestAdminCode()
  const validateCode = useValidateAdminCode()
  const adminRegister = useAdminRegister()
  const [isCodeRequested, setIsCodeRequested] = useState(false)
  const [isMissingForValidation, setIsMissingForValidation] = useState(false)
  const [isCodeNotRequested, setIsCodeNotRequested] = useState(false)
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(AdminRegisterFormSchema), shouldFocusError: false, defaultValues: emptyForm })
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

  const submitForm = handleSubmit((form) => {
    const body = new FormData()
    for (const field of ['fname', 'lname', 'email', 'phone', 'password', 'company', 'adminCode'] as const) body.set(field, form[field])
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

  if (adminRegister.isSuccess) {
    return (
      <PageFrame title="Admin Registration" width="narrow">
        <Alert tone="success">{AUTH_MESSAGES.adminRegistrationSucceeded}</Alert>
        <p className="mt-6 text-sm">
          <Link to={paths.adminLogin} className="font-semibold text-brand-600 hover:underline">
            Go to admin login
          </Link>
        </p>
      </PageFrame>
    )
  }

  return (
    <PageFrame title="Admin Registration" description="Create an admin account with a registration code." width="narrow">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        {adminRegister.isError && (
          <Alert tone="error">{`${AUTH_MESSAGES.adminRegistrationFailed} ${serverText(adminRegister.error, '')}`.trim()}</Alert>
        )}
        {isCodeNotRequested && <Alert tone="error">{AUTH_MESSAGES.requestCodeFirst}</Alert>}
        <PersonFields register={register} errors={errors} />
        <TextField label="Company" autoComplete="organization" error={errors.company?.message} {...register('company')} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <NewPasswordFields register={register} errors={errors} />
        <TextField
          label="Registration code"
          autoComplete="one-time-code"
          disabled={!isCodeRequested}
          hint={isCodeRequested ? undefined : 'Request a code first; it is sent to your e-mail.'}
          error={errors.adminCode?.message}
          {...register('adminCode')}
        />
        <AdminCodeActions
          requestCode={requestCode}
          validateCode={validateCode}
          missingForValidation={isMissingForValidation}
          onRequest={onRequestCode}
          onValidate={onValidateCode}
        />
        <Button type="submit" isBusy={adminRegister.isPending} className="w-full">
          Create Admin Account
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        Already registered?{' '}
        <Link to={paths.adminLogin} className="font-semibold text-brand-600 hover:underline">
          Admin login
        </Link>
      </p>
    </PageFrame>
  )
}
