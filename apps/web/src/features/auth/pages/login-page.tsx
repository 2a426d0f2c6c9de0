import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useLogin } from '../api/use-login.ts'
import { type Credentials, CredentialsForm } from '../components/credentials-form.tsx'
import { ForgotPasswordPanel } from '../components/forgot-password-panel.tsx'
import { PasskeySignIn } from '../components/passkey-sign-in.tsx'
import { destinationAfterLogin } from '../destination-after-login.ts'
import { serverText } from '../failure-text.ts'

/** The login screen (docs/product.md, 'Screens and routes (web)'): email and password or a passkey, Forgot Password, links to sign up and admin access. */
export function LoginPage() {
  const { user } = useSession()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const login = useLogin()

  const onSubmit = (form: Credentials) =>
    login.mutate(form, {
      onSuccess: (signedIn) => navigate(destinationAfterLogin(signedIn.role, params.get('redirect')), { replace: true }),
    })

  // Someone already signed in has nothing to do here.
  if (user && login.isIdle) return <Navigate to={destinationAfterLogin(user.role, params.get('redirect'))} replace />

  return (
    <PageFrame title="Login" description="Sign in to order keycodes and follow your requests." width="narrow">
      <div className="space-y-6">
        <CredentialsForm
          submitLabel="Login"
          isBusy={login.isPending}
          failure={login.isError && !login.isCodeStep ? `${AUTH_MESSAGES.loginFailed} ${serverText(login.error, '')}`.trim() : null}
          onSubmit={onSubmit}
          askCode={login.needsCode}
        />
        <PasskeySignIn
          onSignedIn={(signedIn) => navigate(destinationAfterLogin(signedIn.role, params.get('redirect')), { replace: true })}
        />
        <ForgotPasswordPanel />
        <p className="text-sm text-slate-700">
          Don't have an account?{' '}
          <Link to={paths.register} className="font-semibold text-brand-600 hover:underline">
            Sign up
          </Link>
        </p>
        <p className="text-sm text-slate-700">
          Are you an admin?{' '}
          <Link to={paths.adminLogin} className="font-semibold text-brand-600 hover:underline">
            Admin access
          </Link>
        </p>
      </div>
    </PageFrame>
  )
}
