import { formatDollars } from '@keydesk/contracts/money'
import { type PaymentReceipt, ReceiptsMonthQuerySchema } from '@keydesk/contracts/receipts'
import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageButtons } from '../../../components/ui/page-buttons.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { API_BASE } from '../../../lib/api-client.ts'
import { longDate } from '../../../lib/dates.ts'
import { usePayments } from '../api/use-payments.ts'

const thisMonth = () => new Date().toISOString().slice(0, 7)

function Payment({ payment }: { payment: PaymentReceipt }) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {longDate(payment.paidAt, { inUtc: true })} · <span className="font-mono">{payment.confirmationNumber}</span>
        </p>
        <p className="font-semibold text-slate-900">{formatDollars(payment.chargedCents)}</p>
      </div>
      {payment.orderedFor && (
        <p className="text-sm text-slate-700">Ordered for {[payment.orderedFor.business, ...payment.orderedFor.locations].join(', ')}</p>
      )}
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {payment.lines.map((line, index) => (
          // Two lines of one payment may read alike (two keycodes of one model); their place keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a paid order never change or move.
          <li key={index} className="flex justify-between gap-3">
            <span>{line.name}</span>
            <span>{formatDollars(line.amountCents)}</span>
          </li>
        ))}
        {payment.refunds.map((refund) => (
          <li key={`${refund.refundedAt}-${refund.what}`} className="flex justify-between gap-3 text-green-800">
            <span>
              Refunded on {longDate(refund.refundedAt, { inUtc: true })}: {refund.what}
            </span>
            <span>-{formatDollars(refund.amountCents)}</span>
          </li>
        ))}
      </ul>
      {payment.refunds.length > 0 && <p className="mt-1 text-sm font-semibold">Paid after refunds: {formatDollars(payment.netCents)}</p>}
      <a
        className="mt-2 inline-block text-sm font-semibold text-brand-600 underline"
        href={`${API_BASE}/user/payments/${payment.id}/receipt.pdf`}
        download
        aria-label={`Download the receipt of ${payment.confirmationNumber} (PDF)`}
      >
        Receipt (PDF)
      </a>
    </li>
  )
}

/** A month's receipts as CSV for the books: the browser downloads it with the member's session cookie. */
function MonthReceipts() {
  const [month, setMonth] = useState(thisMonth)
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = useId()
  const problemId = useId()

  const download = (event: FormEvent) => {
    event.preventDefault()
    const parsed = ReceiptsMonthQuerySchema.safeParse({ month })
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null)
      return
    }
    setProblem(null)
    window.location.assign(`${API_BASE}/user/payments/receipts.csv?${new URLSearchParams({ month })}`)
  }

  return (
    <form onSubmit={download} noValidate className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium">
          Month
        </label>
        <input
          id={inputId}
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="rounded-md border border-slate-300 p-2"
        />
      </div>
      <Button type="submit" variant="secondary">
        Download the month's receipts (CSV)
      </Button>
      {problem && (
        <p id={problemId} className="w-full text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  )
}

/** docs/product.md, 'Receipts': every payment of the member's, newest first, each with its receipt, and a month as CSV. */
export function PaymentsList() {
  const [page, setPage] = useState(0)
  const payments = usePayments(page + 1)

  return (
    <section aria-labelledby="payments-heading" className="space-y-3">
      <h3 id="payments-heading" className="text-lg font-semibold text-slate-900">
        Payments and receipts
      </h3>
      <MonthReceipts />
      {payments.isPending && <Spinner label="Loading your payments..." />}
      {payments.isError && (
        <Alert tone="error" title="Your payments could not be loaded.">
          <Button variant="link" onClick={() => payments.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {payments.data && payments.data.payments.length === 0 && <p className="text-slate-600">You have no payments yet.</p>}
      {payments.data && payments.data.payments.length > 0 && (
        <>
          <ul className="space-y-3">
            {payments.data.payments.map((payment) => (
              <Payment key={payment.id} payment={payment} />
            ))}
          </ul>
          <PageButtons
            label="Payment pages"
            page={page}
            pageCount={Math.ceil(payments.data.total / payments.data.pageSize)}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  )
}
