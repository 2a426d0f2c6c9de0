import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { UpdateSecurityBody } from '@keydesk/contracts/security'
import { useState } from 'react'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../session/use-session.ts'
import { useSecurity, useUpdateSecurity } from '../api/use-security.ts'
import { DataArchiveSection } from './data-archive-section.tsx'
import { KeycodeDeliverySetting } from './keycode-delivery-setting.tsx'
import { LoginHistory } from './login-history.tsx'
import { PasskeysSection } from './passkeys-section.tsx'
import type { SecurityResult } from './security-result.ts'
import { SessionsList } from './sessions-list.tsx'
import { TwoFactorSwitch } from './two-factor-switch.tsx'

/** docs/product.md, 'Member area, chat and support', Security: two settings, the open sessions, the last sign-in and the recent sign-ins. */
export function SecurityTab() {
  const session = useSession()
  const security = useSecurity()
  const update = useUpdateSecurity()
  const [result, setResult] = useState<SecurityResult | null>(null)

  async function change(body: UpdateSecurityBody) {
    try {
      await update.mutateAsync(body)
      setResult({ tone: 'success', text: PROFILE_MESSAGES.securityUpdated })
    } catch {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.securityUpdateFailed })
    }
  }

  if (security.isPending) return <Spinner label="Loading security settings..." />
  if (security.isError) {
    return (
      <Alert tone="error" title="Your security settings could not be loaded.">
        <Button variant="link" onClick={() => security.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  const { twoFactorEnabled, fingerprintEnabled, keycodesByEmail, lastLogin, loginHistory, enrolmentProof } = security.data
  return (
    <div className="space-y-6">
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      <TwoFactorSwitch twoFactorEnabled={twoFactorEnabled} enrolmentProof={enrolmentProof} update={update} onResult={setResult} />
      <PasskeysSection fingerprintEnabled={fingerprintEnabled} canUseCode={twoFactorEnabled} enrolmentProof={enrolmentProof} />
      <KeycodeDeliverySetting keycodesByEmail={keycodesByEmail} isSaving={update.isPending} onChange={change} />
      <SessionsList />
      {/* A member's own archive: back-office accounts have none. */}
      {session.user?.role === 'BASEUSER' && <DataArchiveSection canUseCode={twoFactorEnabled} />}
      <LoginHistory lastLogin={lastLogin} loginHistory={loginHistory} />
    </div>
  )
}
