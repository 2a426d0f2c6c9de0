import { formatDollars } from '@keydesk/contracts/money'
import { PAYMENT_ITEM_STATES, type PaymentSession, TRANSACTION_STATUS_LABELS } from '@keydesk/contracts/payments'
import { formatDue } from '../next-steps.ts'

/**
 * What a buyer keeps (the confirmation number) and what was bought, each line with its charge, where it stands now
 * and when its code is due; the amount, status and the provider's session id follow as details.
 */
export function OrderConfirmation({ session, hasKeycodes }: { session: PaymentSession; hasKeycodes: boolean }) {
  const isGuestOrder = session.requestIds.length === 0 && hasKeycodes
  return (
    <section aria-labelledby="confirmation-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="confirmation-heading" className="text-lg font-semibold">
        Order confirmation
      </h2>
      <p className="mt-3 text-sm text-slate-600">Confirmation number</p>
      <p className="font-mono text-2xl font-bold tracking-wide">{session.confirmationNumber}</p>
      {session.receiptEmail && hasKeycodes && (
        <p className="mt-3 text-sm text-slate-700">
          {isGuestOrder
            ? `Your keycode will be e-mailed to ${session.receiptEmail}, with a secure link to your order.`
            : `Your keycode will be e-mailed to ${session.receiptEmail} and shown in your account.`}
        </p>
      )}
      <h3 className="mt-6 font-semibold">Items ordered</h3>
      {session.items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No items are listed for this payment.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {session.items.map((item, index) => (
            // Two identical lines (same vehicle twice) are possible, so the position is part of the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: items carry no id
            <li key={`${index}-${item.name}`} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="font-medium">{item.name}</p>
                {item.description && <p className="text-sm text-slate-600">{item.description}</p>}
                {item.dueAt && item.state !== 'DELIVERED' && (
                  <p className="text-sm text-slate-700">
                    Code due by <time dateTime={item.dueAt}>{formatDue(item.dueAt)}</time>
                  </p>
                )}
              </div>
              <div className="text-right">
                {item.amount !== undefined && <p className="font-semibold">{formatDollars(Math.round(item.amount * 100))}</p>}
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                  {item.state ? PAYMENT_ITEM_STATES[item.state] : 'Processed'}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-6 grid gap-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Amount paid</dt>
          <dd className="font-semibold">{formatDollars(Math.round(session.amount * 100))}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="font-semibold text-green-800">{TRANSACTION_STATUS_LABELS[session.status]}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-600">Session ID (for support)</dt>
          <dd className="font-mono text-xs break-all">{session.sessionId}</dd>
        </div>
      </dl>
    </section>
  )
}
