import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { AdminCodeActions } from '../components/admin-code-actions.tsx'
import { NewPasswordFields } from '../components/new-password-fields.tsx'
import { PersonFields } from '../components/person-fields.tsx'
import { serverText } from '../failure-text.ts'
import { useAdminRegisterForm } from '../use-admin-register-form.ts'

/** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Admin sign-up: request a code (which enables the code field), validate it, submit; the account then awaits approval. */
export function AdminRegisterPage() {
  const registration = useAdminRegisterForm()
  const {
    register,
    formState: { errors },
  } = registration.form
  const { adminRegister, isCodeRequested } = registration

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
      <form ref={registration.formRef} noValidate onSubmit={registration.onSubmit} className="space-y-4">
        {adminRegister.isError && (
          <Alert tone="error">{`${AUTH_MESSAGES.adminRegistrationFailed} ${serverText(adminRegister.error, '')}`.trim()}</Alert>
        )}
        {registration.isCodeNotRequested && <Alert tone="error">{AUTH_MESSAGES.requestCodeFirst}</Alert>}
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
          requestCode={registration.requestCode}
          validateCode={registration.validateCode}
          missingForValidation={registration.isMissingForValidation}
          onRequest={registration.onRequestCode}
          onValidate={registration.onValidateCode}
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
