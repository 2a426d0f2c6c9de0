import { zodResolver } from '@hookform/resolvers/zod'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { type BusinessRegisterForm, BusinessRegisterFormSchema } from '@keydesk/contracts/auth-forms'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { REGION_GROUPS } from '@keydesk/contracts/states'
import { imageFileProblem, UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts'
import type { NoticeState } from '../../session/notice-state.ts'
import { useRegister } from '../api/use-register.ts'
import { type DocumentErrors, type DocumentFiles, DocumentUploads, REGISTRATION_DOCUMENTS } from '../components/document-uploads.tsx'
import { NewPasswordFields } from '../components/new-password-fields.tsx'
import { PersonFields } from '../components/person-fields.tsx'
import { serverText } from '../failure-text.ts'

const noFiles: DocumentFiles = { frontId: null, backId: null, businessDocument: null, coi: null }

function documentErrors(files: DocumentFiles): DocumentErrors {
  const errors: DocumentErrors = {}
  for (const { field } of REGISTRATION_DOCUMENTS) {
    const problem = files[field] ? imageFileProblem(files[field]) : UPLOAD_MESSAGES.required
    if (problem) errors[field] = problem
  }
  return errors
}

/** The business sign-up of docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor': details, state and four document images; then the user signs in. */
export function RegisterPage() {
  const navigate = useNavigate()
  const registerAccount = useRegister()
  const [files, setFiles] = useState<DocumentFiles>(noFiles)
  const [fileErrors, setFileErrors] = useState<DocumentErrors>({})
  const formRef = useRef<HTMLFormElement>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(BusinessRegisterFormSchema),
    shouldFocusError: false,
    defaultValues: { fname: '', lname: '', email: '', phone: '', password: '', confirmPassword: '', state: '' },
  })

  const chooseFile = (field: keyof DocumentFiles, file: File | null) => {
    setFiles((current) => ({ ...current, [field]: file }))
    setFileErrors((current) => ({ ...current, [field]: (file ? imageFileProblem(file) : UPLOAD_MESSAGES.required) ?? undefined }))
  }

  const send = (form: BusinessRegisterForm) => {
    const problems = documentErrors(files)
    setFileErrors(problems)
    if (Object.keys(problems).length > 0) return
    const body = new FormData()
    for (const field of ['fname', 'lname', 'email', 'phone', 'password', 'state'] as const) body.set(field, form[field])
    for (const { field } of REGISTRATION_DOCUMENTS) {
      const file = files[field]
      if (file) body.set(field, file)
    }
    registerAccount.mutate(body, {
      onSuccess: () => {
        const state: NoticeState = { notice: ACCOUNT_MESSAGES.registered, tone: 'success' }
        navigate(paths.login, { state })
      },
    })
  }

  useFocusFirstInvalid(formRef, submitCount)
  // Text fields and documents are checked together, so every problem shows at once.
  const onSubmit = handleSubmit(send, () => setFileErrors(documentErrors(files)))

  return (
    <PageFrame title="Create Your Business Account" description="Sign up with your identity and business documents." width="narrow">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        {registerAccount.isError && <Alert tone="error">{serverText(registerAccount.error, AUTH_MESSAGES.registrationFailed)}</Alert>}
        <PersonFields register={register} errors={errors} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <NewPasswordFields register={register} errors={errors} />
        <SelectField
          label="State or province"
          placeholder="Select your state or province"
          groups={REGION_GROUPS}
          error={errors.state?.message}
          {...register('state')}
        />
        <DocumentUploads errors={fileErrors} onChoose={chooseFile} />
        <Button type="submit" isBusy={registerAccount.isPending} className="w-full">
          Create Account
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
          Login
        </Link>
      </p>
    </PageFrame>
  )
}
