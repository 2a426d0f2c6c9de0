import type { SupportMessage } from '@keydesk/contracts/support-inbox'

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A conversation's messages, oldest first; `customerName` is who support answers ("You" on the customer's own screens). */
export function SupportThreadView({ messages, customerName }: { messages: SupportMessage[]; customerName: string }) {
  return (
    <ol aria-label="Messages" className="space-y-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`min-w-0 rounded-lg border p-3 ${message.sender === 'SUPPORT' ? 'border-blue-200 bg-brand-50' : 'border-slate-200 bg-white'}`}
        >
          <p className="text-sm font-semibold text-slate-800">
            {message.sender === 'SUPPORT' ? 'Support' : customerName}{' '}
            <time dateTime={message.createdAt} className="font-normal text-slate-600">
              {when(message.createdAt)}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.message}</p>
        </li>
      ))}
    </ol>
  )
}
