import type { UserView } from '@keydesk/contracts/auth'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { hasAdminStatus } from '@keydesk/contracts/roles'
import { useState } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useLogin } from '../api/use-login.ts'
import { type Credentials, CredentialsForm } from '../components/credentials-form.tsx'
import { PasskeySignIn } from '../components/passkey-sign-in.tsx'
import { destinationAfterLogin } from '../destination-after-login.ts'
import { serverText } from '../failure-text.ts'

/**
 * Admin login (docs/product.md, 'Screens and routes (web)'): an ADMIN goes to /admin, a SUPER_ADMIN to /super-admin; any other role
 * gets the access-denied alert here. Valid non-admin credentials are signed out again, so this
 * screen never leaves a business user's session behind.
 */
export function AdminLoginPage() {
  const { user, logout } = useSession()
  const navigate = useNavigate()
  const login = useLogin()
  const [isDenied, setIsDenied] = useState(false)

  const afterSignIn = async (signedIn: UserView) => {
    if (hasAdminStatus(signedIn.role)) {
      navigate(destinationAfterLogin(signedIn.role, null), { replace: true })
      return
    }
    setIsDenied(true)
    await logout()
  }

  const onSubmit = (form: Credentials) => {
    setIsDenied(false)
    login.mutate(form, { onSuccess: afterSignIn })
  }

  if (user && hasAdminStatus(user.role) && !login.isPending) return <Navigate to={destinationAfterLogin(user.role, null)} replace />

  const failure = login.isError && !login.isCodeStep ? `${AUTH_MESSAGES.adminLoginFailed} ${serverText(login.error, '')}`.trim() : null
  return (
    <PageFrame title="Admin Login" description="Sign in to the admin area." width="narrow">
      <div className="space-y-6">
        {(isDenied || user) && <Alert tone="error">{AUTH_MESSAGES.adminAccessDenied}</Alert>}
        <CredentialsForm
          submitLabel="Admin Login"
          isBusy={login.isPending}
          failure={failure}
          onSubmit={onSubmit}
          askCode={login.needsCode}
        />
        <PasskeySignIn
          onSignedIn={(signedIn) => {
            setIsDenied(false)
            void afterSignIn(signedIn)
          }}
        />
        <p className="text-sm text-slate-700">
          Need an admin account?{' '}
          <Link to={paths.adminRegister} className="font-semibold text-brand-600 hover:underline">
            Register as admin
          </Link>
        </p>
        <p className="text-sm text-slate-700">
          Not an admin?{' '}
          <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
            User login
          </Link>
        </p>
      </div>
    </PageFrame>
  )
}
