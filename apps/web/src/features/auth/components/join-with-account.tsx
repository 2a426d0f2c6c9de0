import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../lib/paths.ts'
import type { NoticeState } from '../../session/notice-state.ts'
import { useJoinWithAccount } from '../api/use-join-team.ts'
import { serverText } from '../failure-text.ts'

/**
 * An invitation to the address the visitor is signed in with: their existing account joins by this button, its own
 * act (docs/decisions/039); signed in as another address, nothing joins and the page says how to go on.
 */
export function JoinWithAccount({ token, email, signedInAs }: { token: string; email: string; signedInAs: string }) {
  const join = useJoinWithAccount()
  const navigate = useNavigate()
  if (signedInAs.toLowerCase() !== email) return <Alert tone="error">{TEAM_MESSAGES.otherAccount}</Alert>
  return (
    <div className="mt-6 space-y-4">
      {join.isError && <Alert tone="error">{serverText(join.error, TEAM_MESSAGES.invitationClosed)}</Alert>}
      <Button
        isBusy={join.isPending}
        onClick={() =>
          join.mutate(token, {
            onSuccess: (answer) => {
              const state: NoticeState = { notice: answer.message, tone: 'success' }
              navigate(paths.team, { state })
            },
          })
        }
      >
        Join with this account
      </Button>
    </div>
  )
}
