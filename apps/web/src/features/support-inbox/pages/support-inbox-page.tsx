import { PLAN_SUPPORT } from '@keydesk/contracts/plan-benefits'
import { SUBSCRIPTION_TIERS, type SubscriptionTier, TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import {
  SUPPORT_INBOX_PAGE_SIZE,
  SUPPORT_STATE_LABELS,
  SUPPORT_STATES,
  type SupportInboxItem,
  type SupportInboxQuery,
  type SupportState,
} from '@keydesk/contracts/support-inbox'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { dueText } from '../../../lib/due-text.ts'
import { paths } from '../../../lib/paths.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useAnswerConversation, useChangeConversation, useSupportInbox, useSupportThread } from '../api/use-support-inbox.ts'
import { ReplyForm } from '../components/reply-form.tsx'
import { SupportMetricsPanel } from '../components/support-metrics-panel.tsx'
import { SupportThreadView } from '../components/support-thread.tsx'

const ANY = ''
const HANDLERS = [
  { value: ANY, label: 'Anyone' },
  { value: 'me', label: 'Mine' },
  { value: 'none', label: 'Nobody yet' },
]

function Due({ item, now }: { item: Pick<SupportInboxItem, 'answerDueAt' | 'state'>; now: Date }) {
  if (item.answerDueAt === null) return <span className="text-sm text-slate-700">{SUPPORT_STATE_LABELS[item.state]}</span>
  const due = dueText(item.answerDueAt, now)
  return (
    <span
      data-overdue={due.overdue}
      className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-sm ${due.overdue ? 'bg-red-100 font-semibold text-red-900' : 'text-slate-700'}`}
    >
      {due.text}
    </span>
  )
}

function ConversationPanel({ id, now, onDone }: { id: string; now: Date; onDone: (message: string) => void }) {
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
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">From</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {item.writer.name} ({item.writer.email}){item.writer.member ? '' : ', no account'}
        </dd>
        <dt className="text-slate-600">Plan</dt>
        <dd>
          {TIER_LABELS[item.plan]}: {PLAN_SUPPORT[item.plan]}
        </dd>
        <dt className="text-slate-600">Answer</dt>
        <dd>
          <Due item={item} now={now} />
          {item.onCallAlerted && <span className="ml-2 text-sm">Admins on call alerted</span>}
        </dd>
        <dt className="text-slate-600">Handler</dt>
        <dd>{item.handler?.name ?? 'Nobody yet'}</dd>
        {item.importedAt && (
          <>
            <dt className="text-slate-600">Written</dt>
            <dd>Before the support inbox existed: an answer sent from the support mailbox is not in this thread.</dd>
          </>
        )}
        {item.order && (
          <>
            <dt className="text-slate-600">Order</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {item.order.vehicle}{' '}
              <Link
                to={`${paths.admin}?${new URLSearchParams({ search: item.order.search })}`}
                className="font-semibold text-brand-700 underline"
              >
                Open {item.order.confirmationNumber ?? 'the request'}
              </Link>
            </dd>
          </>
        )}
      </dl>
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

/**
 * The support inbox (docs/decisions/034): every contact message and chat, the soonest answer deadline first, each
 * plan's promise kept by supportAnswerDueAt; filtered by state, plan and handler, answered in place.
 */
export function SupportInboxPage() {
  const [search, setSearch] = useSearchParams()
  const [state, setState] = useState<SupportState | typeof ANY>('OPEN')
  const [plan, setPlan] = useState<SubscriptionTier | typeof ANY>(ANY)
  const [handler, setHandler] = useState<string>(ANY)
  const [page, setPage] = useState(1)
  const [notice, setNotice] = useState<string | null>(null)
  const now = useNow()
  const query: SupportInboxQuery = {
    page,
    state: state === ANY ? undefined : state,
    plan: plan === ANY ? undefined : plan,
    handler: handler === ANY ? undefined : (handler as SupportInboxQuery['handler']),
  }
  const inbox = useSupportInbox(query)
  const selected = search.get('conversation')
  const select = (id: string) => setSearch({ conversation: id })
  const list = inbox.data

  return (
    <PageFrame title="Support inbox" description="Every contact message and chat, the soonest answer deadline first.">
      {notice && <Toast message={notice} tone="success" takesFocus onClose={() => setNotice(null)} />}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="State"
          value={state}
          onChange={(event) => {
            setState(event.target.value as SupportState)
            setPage(1)
          }}
          options={[{ value: ANY, label: 'All' }, ...SUPPORT_STATES.map((value) => ({ value, label: SUPPORT_STATE_LABELS[value] }))]}
        />
        <SelectField
          label="Plan"
          value={plan}
          onChange={(event) => {
            setPlan(event.target.value as SubscriptionTier)
            setPage(1)
          }}
          options={[{ value: ANY, label: 'All' }, ...SUBSCRIPTION_TIERS.map((value) => ({ value, label: TIER_LABELS[value] }))]}
        />
        <SelectField
          label="Handler"
          value={handler}
          onChange={(event) => {
            setHandler(event.target.value)
            setPage(1)
          }}
          options={HANDLERS}
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-label="Conversations" className="min-w-0">
          {inbox.isPending && <Spinner label="Loading the inbox..." />}
          {inbox.isError && <Alert tone="error">{failureText(inbox.error, 'Error fetching the inbox.')}</Alert>}
          {list && list.conversations.length === 0 && <p className="text-slate-600">No conversations here.</p>}
          {list && list.conversations.length > 0 && (
            <ul className="space-y-2">
              {list.conversations.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-current={selected === item.id ? 'true' : undefined}
                    onClick={() => select(item.id)}
                    className={`w-full min-w-0 rounded-lg border p-3 text-left ${selected === item.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold [overflow-wrap:anywhere]">{item.subject}</span>
                      <Due item={item} now={now} />
                    </span>
                    <span className="mt-1 block text-sm text-slate-700 [overflow-wrap:anywhere]">
                      {TIER_LABELS[item.plan]} · {item.writer.name || item.writer.email} · {SUPPORT_STATE_LABELS[item.state]}
                      {item.handler && ` · ${item.handler.name}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
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
