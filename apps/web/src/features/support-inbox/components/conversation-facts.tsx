import { PLAN_SUPPORT } from '@keydesk/contracts/plan-benefits'
import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import type { SupportInboxThread } from '@keydesk/contracts/support-inbox'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { AnswerDue } from './answer-due.tsx'

/** Who wrote, on which plan and its promise, when the answer is due, who handles it, and the order it is about. */
export function ConversationFacts({ item, now }: { item: SupportInboxThread; now: Date }) {
  return (
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
        <AnswerDue item={item} now={now} />
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
  )
}
