import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { ACCOUNT_DATA_KEEP_DAYS } from '@keydesk/contracts/policy-statements'
import { RETENTION } from '@keydesk/contracts/retention'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useDeleteAccount } from '../api/use-user-details.ts'

/**
 * The delete-profile action (docs/product.md, 'Profile and account'; decision 035): it closes the account, whose data
 * goes after ACCOUNT_DATA_KEEP_DAYS unless restored from the mailed link; the closing text, then logout and /login.
 */
export function DeleteProfile() {
  const deleteAccount = useDeleteAccount()
  const { logout, user } = useSession()
  // A super admin's account is deleted only with the owner's password, and never the last one (decision 025).
  const needsPassword = user?.role === 'SUPER_ADMIN'
  const [password, setPassword] = useState('')
  const navigate = useNavigate()
  const [isConfirming, setIsConfirming] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function confirm() {
    try {
      await deleteAccount.mutateAsync(needsPassword ? password : undefined)
    } catch (error) {
      // The server's own words for a refused proof or the last super admin; the contract's text otherwise.
      const isRefusal = error instanceof ApiError && [400, 403, 409].includes(error.status)
      setResult({ tone: 'error', text: isRefusal ? error.message : PROFILE_MESSAGES.deleteUserProfileFailed })
      setIsConfirming(false)
      return
    }
    setResult({ tone: 'success', text: ACCOUNT_CLOSING_MESSAGES.closed })
    await logout()
    // Clearing the session makes this page's sign-in guard redirect to /login?redirect=… with no message;
    // deferring to the next task lets that happen first, and this replaces it with plain /login and the text.
    setTimeout(() => navigate(paths.login, { replace: true, state: { notice: ACCOUNT_CLOSING_MESSAGES.closed, tone: 'success' } }), 0)
  }

  return (
    <section aria-labelledby="delete-profile-title" className="space-y-3 rounded-md border border-red-200 p-4">
      <h2 id="delete-profile-title" className="font-semibold text-red-800">
        Delete profile
      </h2>
      <p className="text-sm text-slate-700">
        Deleting your profile closes your account at once: you are signed out everywhere and can no longer sign in. Your personal data and
        documents are deleted {ACCOUNT_DATA_KEEP_DAYS} days later; until then the link we e-mail you restores the account. Payment records
        are kept {RETENTION.TRANSACTIONS.period.years} years without your name or contact details.
      </p>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      {isConfirming ? (
        <div className="space-y-3">
          {needsPassword && (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
          <div className="flex gap-3">
            <Button variant="danger" isBusy={deleteAccount.isPending} disabled={needsPassword && password === ''} onClick={confirm}>
              Yes, delete my profile
            </Button>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Keep my profile
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setIsConfirming(true)}>
          Delete profile
        </Button>
      )}
    </section>
  )
}
