import { SUPPORT_INBOX_MESSAGES, SUPPORT_INBOX_PAGE_SIZE, SUPPORT_STATE_LABELS } from '@keydesk/contracts/support-inbox'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { useMyConversations, useMyThread, useReplyAsMember } from '../api/use-member-support.ts'
import { ReplyForm } from '../components/reply-form.tsx'
import { SupportThreadView } from '../components/support-thread.tsx'

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function MyThread({ id }: { id: string }) {
  const thread = useMyThread(id)
  const reply = useReplyAsMember()
  const [sent, setSent] = useState(false)
  if (thread.isPending) return <Spinner label="Loading the conversation..." />
  if (thread.isError) return <Alert tone="error">{failureText(thread.error, 'Error fetching the conversation.')}</Alert>
  return (
    <section aria-labelledby="my-thread-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="my-thread-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
        {thread.data.subject}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{SUPPORT_STATE_LABELS[thread.data.state]}</p>
      <SupportThreadView messages={thread.data.messages} customerName="You" />
      {sent && (
        <div className="mt-3">
          <Alert tone="success">{SUPPORT_INBOX_MESSAGES.replied}</Alert>
        </div>
      )}
      {reply.isError && <Alert tone="error">{failureText(reply.error, 'Error sending your reply.')}</Alert>}
      <ReplyForm
        label="Your reply"
        submitLabel="Send reply"
        isBusy={reply.isPending}
        onSend={(message, reset) =>
          reply.mutate(
            { id, message },
            {
              onSuccess: () => {
                reset()
                setSent(true)
              },
            },
          )
        }
      />
    </section>
  )
}

/** A member's support conversations (docs/decisions/034): their states, each thread with support's answers, a reply. */
export function MySupportPage() {
  const [search, setSearch] = useSearchParams()
  const [page, setPage] = useState(1)
  const mine = useMyConversations(page)
  const selected = search.get('conversation')
  return (
    <PageFrame title="Your support conversations" description="Your messages to support, with our answers.">
      <p className="mb-4 text-sm">
        <Link to={paths.support} className="font-semibold text-brand-700 underline">
          Write to support
        </Link>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Conversations" className="min-w-0">
          {mine.isPending && <Spinner label="Loading your conversations..." />}
          {mine.isError && <Alert tone="error">{failureText(mine.error, 'Error fetching your conversations.')}</Alert>}
          {mine.data && mine.data.conversations.length === 0 && <p className="text-slate-600">No conversations yet.</p>}
          {mine.data && mine.data.conversations.length > 0 && (
            <ul className="space-y-2">
              {mine.data.conversations.map((conversation) => (
                <li key={conversation.id}>
                  <button
                    type="button"
                    aria-current={selected === conversation.id ? 'true' : undefined}
                    onClick={() => setSearch({ conversation: conversation.id })}
                    className={`w-full min-w-0 rounded-lg border p-3 text-left ${selected === conversation.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
                  >
                    <span className="block font-semibold [overflow-wrap:anywhere]">{conversation.subject}</span>
                    <span className="block text-sm text-slate-700">
                      {SUPPORT_STATE_LABELS[conversation.state]} · {when(conversation.lastMessageAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {mine.data && (mine.data.total > SUPPORT_INBOX_PAGE_SIZE || page > 1) && (
            <nav aria-label="Conversation pages" className="mt-4 flex items-center gap-3">
              <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button variant="secondary" disabled={page * SUPPORT_INBOX_PAGE_SIZE >= mine.data.total} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </section>
        {selected && <MyThread key={selected} id={selected} />}
      </div>
    </PageFrame>
  )
}
