import { Alert } from '../../../components/ui/alert.tsx'
import { isUnanswered, serverText } from '../failure-text.ts'

interface CallFailureProps {
  error: unknown
  /** The text for a call that got no answer. */
  unanswered: string
  /** The title of a refusal, and its text when the server sent none. */
  refused: string
}

/** A failed call in its two wordings: no answer, or the server's refusal under a title. */
export function CallFailure({ error, unanswered, refused }: CallFailureProps) {
  if (isUnanswered(error)) return <Alert tone="error">{unanswered}</Alert>
  return (
    <Alert tone="error" title={refused}>
      {serverText(error, refused)}
    </Alert>
  )
}
