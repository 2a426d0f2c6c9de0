import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { ActionLog } from '../components/action-log.tsx'

/** The action log screen of a super admin. */
export function ActionLogPage() {
  return (
    <PageFrame title="Action Log" description="Who did what to which order or account, newest first.">
      <ActionLog />
    </PageFrame>
  )
}
