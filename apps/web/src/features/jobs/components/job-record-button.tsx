import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { useSession } from '../../session/use-session.ts'
import { JobRecordDialog } from './job-record-dialog.tsx'

/** "Job record" on a member's order: opens the job written for it, or an empty one. Members only: the record is theirs. */
export function JobRecordButton({ requestId, title }: { requestId: string; title: string }) {
  const { user } = useSession()
  const [isOpen, setIsOpen] = useState(false)
  if (user?.role !== 'BASEUSER') return null
  return (
    <>
      <Button variant="link" className="mt-1" onClick={() => setIsOpen(true)}>
        Job record
      </Button>
      <JobRecordDialog requestId={requestId} title={`Job: ${title}`} isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </>
  )
}
