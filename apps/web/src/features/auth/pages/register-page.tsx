import { zodResolver } from '@hookform/resolvers/zod'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { type BusinessRegisterForm, BusinessRegisterFormSchema } from '@keydesk/contracts/auth-forms'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts'
import type { NoticeState } from '../../session/notice-state.ts'
import { useRegister } from '../api/use-register.ts'
import { AccountFields } from '../components/account-fields.tsx'
import { DocumentUploads, REGISTRATION_DOCUMENTS } from '../components/document-uploads.tsx'
import { PersonFields } from '../components/person-fields.tsx'
import { serverText } from '../failure-text.ts'
import { useImageFiles } from '../use-image-files.ts'

const DOCUMENT_FIELDS = REGISTRATION_DOCUMENTS.map(({ field }) => field)

/** The business sign-up of docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor': details, state and four document images; then the user signs in. */
export function RegisterPage() {
  const navigate = useNavigate()
  const registerAccount = useRegister()
  const documents = useImageFiles(DOCUMENT_FIELDS)
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

  const send = (form: BusinessRegisterForm) => {
    if (!documents.checkAll()) return
    const body = new FormData()
    for (const field of ['fname', 'lname', 'email', 'phone', 'password', 'state'] as const) body.set(field, form[field])
    documents.addTo(body)
    registerAccount.mutate(body, {
      onSuccess: () => {
        const state: NoticeState = { notice: ACCOUNT_MESSAGES.registered, tone: 'success' }
        navigate(paths.login, { state })
      },
    })
  }

  useFocusFirstInvalid(formRef, submitCount)
  // Text fields and documents are checked together, so every problem shows at once.
  const onSubmit = handleSubmit(send, documents.checkAll)

  return (
    <PageFrame title="Create Your Business Account" description="Sign up with your identity and business documents." width="narrow">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        {registerAccount.isError && <Alert tone="error">{serverText(registerAccount.error, AUTH_MESSAGES.registrationFailed)}</Alert>}
        <PersonFields register={register} errors={errors} />
        <AccountFields register={register} errors={errors} />
        <DocumentUploads errors={documents.errors} onChoose={documents.choose} />
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
