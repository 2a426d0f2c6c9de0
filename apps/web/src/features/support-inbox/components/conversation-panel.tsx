import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useAnswerConversation, useChangeConversation, useSupportThread } from '../api/use-support-inbox.ts'
import { ConversationFacts } from './conversation-facts.tsx'
import { ReplyForm } from './reply-form.tsx'
import { SupportThreadView } from './support-thread.tsx'

/** The conversation chosen in the inbox: its facts, taking it or letting it go, closing it, its messages and the answer. */
export function ConversationPanel({ id, now, onDone }: { id: string; now: Date; onDone: (message: string) => void }) {
  const thread = useSupportThread(id)
  const answer = useAnswerConversation()
  const change = useChangeConversation()
  const [close, setClose] = useState(false)
  const item = thread.data
  if (thread.isPending) return <Spinner label="Loading the conversation..." />
  if (thread.isError || !item) return <Alert tone="error">{failureText(thread.error, 'Error fetching the conversation.')}</Alert>
  return (
    <section aria-labelledby="conversation-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="conversation-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
        {item.subject}
      </h2>
      <ConversationFacts item={item} now={now} />
      <div className="mt-3 flex flex-wrap gap-2">
        {item.handler === null ? (
          <Button variant="secondary" isBusy={change.isPending} onClick={() => change.mutate({ id, handler: 'me' })}>
            Take it
          </Button>
        ) : (
          <Button variant="secondary" isBusy={change.isPending} onClick={() => change.mutate({ id, handler: null })}>
            Let it go
          </Button>
        )}
        {item.state !== 'CLOSED' && (
          <Button
            variant="secondary"
            isBusy={change.isPending}
            onClick={() => change.mutate({ id, state: 'CLOSED' }, { onSuccess: () => onDone('Conversation closed.') })}
          >
            Close
          </Button>
        )}
      </div>
      <div className="mt-4">
        <SupportThreadView messages={item.messages} customerName={item.writer.name || item.writer.email} />
      </div>
      {answer.isError && <Alert tone="error">{failureText(answer.error, 'Error sending the answer.')}</Alert>}
      <ReplyForm
        label="Your answer"
        submitLabel="Send answer"
        isBusy={answer.isPending}
        onSend={(message, reset) =>
          answer.mutate(
            { id, message, close },
            {
              onSuccess: (sent) => {
                reset()
                setClose(false)
                onDone(sent.message)
              },
            },
          )
        }
        extra={
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={close} onChange={(event) => setClose(event.target.checked)} />
            Close the conversation with this answer
          </label>
        }
      />
    </section>
  )
}
