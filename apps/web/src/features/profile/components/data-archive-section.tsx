import { DATA_ARCHIVE_MESSAGES } from '@keydesk/contracts/data-archive'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { OwnerProof } from '@keydesk/contracts/security'
import { useState } from 'react'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError, apiDownload } from '../../../lib/api-client.ts'
import { OwnerProofPrompt } from './owner-proof-prompt.tsx'

/**
 * "Your data" (docs/decisions/037): everything Keydesk holds about the member as one zip, downloaded at once after the
 * owner's proof; the server limits it per day and logs it.
 */
export function DataArchiveSection({ canUseCode }: { canUseCode: boolean }) {
  const [isAsking, setIsAsking] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [isDone, setIsDone] = useState(false)

  async function download(proof: OwnerProof) {
    setIsBusy(true)
    setProblem(null)
    try {
      await apiDownload('/user/data-archive', { body: proof })
      setIsAsking(false)
      setIsDone(true)
    } catch (error) {
      setProblem(error instanceof ApiError && error.status < 500 ? error.message : PROFILE_MESSAGES.securityUpdateFailed)
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <section aria-labelledby="data-archive-heading" className="space-y-2">
      <h3 id="data-archive-heading" className="font-semibold text-slate-900">
        {DATA_ARCHIVE_MESSAGES.title}
      </h3>
      <p className="text-sm text-slate-700">
        {DATA_ARCHIVE_MESSAGES.explanation} {DATA_ARCHIVE_MESSAGES.limit}
      </p>
      {isDone && <ActionResult tone="success">{DATA_ARCHIVE_MESSAGES.downloaded}</ActionResult>}
      {isAsking ? (
        <OwnerProofPrompt
          action="download your data"
          canUseCode={canUseCode}
          isBusy={isBusy}
          problem={problem}
          onSubmit={(proof) => void download(proof)}
          onCancel={() => setIsAsking(false)}
        />
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setIsDone(false)
            setIsAsking(true)
          }}
        >
          {DATA_ARCHIVE_MESSAGES.button}
        </Button>
      )}
    </section>
  )
}
