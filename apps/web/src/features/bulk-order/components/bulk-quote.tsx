import { BULK_QUOTE_FROM_ROWS, BULK_QUOTE_PRICE_CENTS, BulkQuoteBodySchema } from '@keydesk/contracts/bulk'
import { formatDollars } from '@keydesk/contracts/money'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { useRequestQuote } from '../api/use-bulk-order.ts'
import { type BulkRow, toInput } from '../bulk-rows.ts'

const MESSAGE_MAX = BulkQuoteBodySchema.shape.message.unwrap().maxLength ?? undefined

/** From BULK_QUOTE_FROM_ROWS vehicles, support prices the batch at BULK_QUOTE_PRICE_CENTS a request (docs/product.md, 'Prices'). */
export function BulkQuote({ rows }: { rows: BulkRow[] }) {
  const quote = useRequestQuote()
  const [message, setMessage] = useState('')
  const count = rows.length
  return (
    <section aria-labelledby="bulk-quote-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="bulk-quote-heading" className="text-lg font-semibold">
        Custom quote
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A custom quote is a price agreed with support, not an order: for a batch of {BULK_QUOTE_FROM_ROWS} vehicles or more, support offers{' '}
        {formatDollars(BULK_QUOTE_PRICE_CENTS)} a request, {formatDollars(count * BULK_QUOTE_PRICE_CENTS)} for these {count}.
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Requesting it sends this list to support, who answer by e-mail; nothing goes to your cart and nothing is charged. Adding the batch
        to your cart instead orders it now, at the prices shown above.
      </p>
      <div className="mt-4 space-y-4">
        <FieldShell label="Message to support (optional)">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={MESSAGE_MAX}
              className={controlClass}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </FieldShell>
        <Button
          variant="secondary"
          isBusy={quote.isPending}
          onClick={() => quote.mutate({ rows: rows.map(toInput), ...(message.trim() ? { message: message.trim() } : {}) })}
        >
          Request a custom quote
        </Button>
        {quote.isSuccess && <Alert tone="success">{quote.data.message}</Alert>}
        {quote.isError && <Alert tone="error">{quote.error.message}</Alert>}
      </div>
    </section>
  )
}
