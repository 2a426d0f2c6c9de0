import { SUPPORT_INBOX_MESSAGES } from '@keydesk/contracts/support-inbox'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useLinkThread, useReplyByLink } from '../api/use-member-support.ts'
import { ReplyForm } from '../components/reply-form.tsx'
import { SupportThreadView } from '../components/support-thread.tsx'

/**
 * A visitor's conversation by the link in support's answer mail (docs/decisions/034): the token sits in the address's
 * fragment, which the browser never sends to a server, and it takes one reply.
 */
export function SupportReplyPage() {
  const [token] = useState(() => window.location.hash.slice(1))
  const thread = useLinkThread(token)
  const reply = useReplyByLink()
  return (
    <PageFrame title="Your conversation with support" width="narrow">
      {!token && <Alert tone="error">{SUPPORT_INBOX_MESSAGES.linkInvalid}</Alert>}
      {token && thread.isPending && <Spinner label="Opening your conversation..." />}
      {thread.isError && <Alert tone="error">{failureText(thread.error, SUPPORT_INBOX_MESSAGES.linkInvalid)}</Alert>}
      {thread.data && (
        <section aria-labelledby="link-thread-heading">
          <h2 id="link-thread-heading" className="mb-3 text-lg font-semibold [overflow-wrap:anywhere]">
            {thread.data.subject}
          </h2>
          <SupportThreadView messages={thread.data.messages} customerName="You" />
          {reply.isSuccess ? (
            <div className="mt-4">
              <Alert tone="success">{reply.data.message}</Alert>
            </div>
          ) : (
            <>
              {reply.isError && <Alert tone="error">{failureText(reply.error, SUPPORT_INBOX_MESSAGES.linkInvalid)}</Alert>}
              <ReplyForm
                label="Your reply"
                submitLabel="Send reply"
                isBusy={reply.isPending}
                onSend={(message) => reply.mutate({ token, message })}
              />
            </>
          )}
        </section>
      )}
    </PageFrame>
  )
}
