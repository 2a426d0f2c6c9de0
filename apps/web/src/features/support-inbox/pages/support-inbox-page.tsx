import { SUPPORT_INBOX_PAGE_SIZE } from '@keydesk/contracts/support-inbox'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useSupportInbox } from '../api/use-support-inbox.ts'
import { ConversationList } from '../components/conversation-list.tsx'
import { ConversationPanel } from '../components/conversation-panel.tsx'
import { type InboxFilter, InboxFilters, inboxQuery, OPEN_CONVERSATIONS } from '../components/inbox-filters.tsx'
import { SupportMetricsPanel } from '../components/support-metrics-panel.tsx'

/**
 * The support inbox (docs/decisions/034): every contact message and chat, the soonest answer deadline first, each
 * plan's promise kept by supportAnswerDueAt; filtered by state, plan and handler, answered in place.
 */
export function SupportInboxPage() {
  const [search, setSearch] = useSearchParams()
  const [filter, setFilter] = useState<InboxFilter>(OPEN_CONVERSATIONS)
  const [page, setPage] = useState(1)
  const [notice, setNotice] = useState<string | null>(null)
  const now = useNow()
  const inbox = useSupportInbox(inboxQuery(filter, page))
  const selected = search.get('conversation')
  const list = inbox.data

  return (
    <PageFrame title="Support inbox" description="Every contact message and chat, the soonest answer deadline first.">
      {notice && <Toast message={notice} tone="success" takesFocus onClose={() => setNotice(null)} />}
      <InboxFilters
        filter={filter}
        onChange={(next) => {
          setFilter(next)
          setPage(1)
        }}
      />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-label="Conversations" className="min-w-0">
          {inbox.isPending && <Spinner label="Loading the inbox..." />}
          {inbox.isError && <Alert tone="error">{failureText(inbox.error, 'Error fetching the inbox.')}</Alert>}
          {list && list.conversations.length === 0 && <p className="text-slate-600">No conversations here.</p>}
          {list && list.conversations.length > 0 && (
            <ConversationList
              conversations={list.conversations}
              selected={selected}
              now={now}
              onSelect={(id) => setSearch({ conversation: id })}
            />
          )}
          {list && (list.total > SUPPORT_INBOX_PAGE_SIZE || page > 1) && (
            <nav aria-label="Inbox pages" className="mt-4 flex items-center gap-3">
              <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-slate-600">Page {page}</span>
              <Button variant="secondary" disabled={page * SUPPORT_INBOX_PAGE_SIZE >= list.total} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </section>
        {selected && <ConversationPanel key={selected} id={selected} now={now} onDone={setNotice} />}
      </div>
      <SupportMetricsPanel />
    </PageFrame>
  )
}
