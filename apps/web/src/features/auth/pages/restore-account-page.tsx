import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { ACCOUNT_DATA_KEEP_DAYS } from '@keydesk/contracts/policy-statements'
import { Link, useLocation } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'
import { useRestoreAccount } from '../api/use-restore-account.ts'
import { CallFailure } from '../components/call-failure.tsx'

/**
 * The restore link mailed when an account closed (docs/decisions/035): the token rides in the fragment, so it never
 * reaches a server log; the member confirms with one button, and the server decides whether the link still works.
 */
export function RestoreAccountPage() {
  const token = useLocation().hash.slice(1)
  const restore = useRestoreAccount()

  if (!token) {
    return (
      <PageFrame title="Restore your account" width="narrow">
        <Alert tone="error">{ACCOUNT_CLOSING_MESSAGES.restoreLinkInvalid}</Alert>
      </PageFrame>
    )
  }

  return (
    <PageFrame
      title="Restore your account"
      description={`A closed account can be restored for ${ACCOUNT_DATA_KEEP_DAYS} days after it was closed.`}
      width="narrow"
    >
      {restore.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">{restore.data.message}</Alert>
          <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
            Sign in
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          {restore.isError && (
            <CallFailure
              error={restore.error}
              unanswered="Keydesk did not answer. Try again in a moment."
              refused="This link did not restore the account."
            />
          )}
          <Button type="button" isBusy={restore.isPending} className="w-full" onClick={() => restore.mutate(token)}>
            Restore my account
          </Button>
        </div>
      )}
    </PageFrame>
  )
}
