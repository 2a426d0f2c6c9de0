import { BULK_MESSAGES, BULK_QUOTE_FROM_ROWS, type BulkCheckAnswer, bulkRowLimit } from '@keydesk/contracts/bulk'
import { formatDollars } from '@keydesk/contracts/money'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { primaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { useTrialAccess } from '../../membership/api/use-trial-status.ts'
import { useMembership } from '../../team/api/use-team.ts'
import { OrderLocation } from '../../team/components/order-location.tsx'
import { useAddBatch } from '../api/use-bulk-order.ts'
import { problemsByKey, toInput } from '../bulk-rows.ts'
import { BulkInput } from '../components/bulk-input.tsx'
import { BulkQuote } from '../components/bulk-quote.tsx'
import { BulkTable } from '../components/bulk-table.tsx'
import { useBulkSheet } from '../use-bulk-sheet.ts'

const TITLE = 'Bulk order'
const DESCRIPTION = 'Check a batch of vehicles and add them all to your cart at once.'

/** Bulk ordering for Professional and Enterprise members, paid or in a trial of that tier (the server's own rule). */
export function BulkOrderPage() {
  const access = useTrialAccess()
  if (access.isLoading) {
    return (
      <PageFrame title={TITLE}>
        <Spinner />
      </PageFrame>
    )
  }
  if (bulkRowLimit(access.pricingTier) === null) {
    return (
      <PageFrame title={TITLE} description={DESCRIPTION}>
        <Alert tone="info">{BULK_MESSAGES.notAllowed}</Alert>
        <Link to={paths.subscriptions} className={`mt-6 ${primaryLinkClass}`}>
          See the plans
        </Link>
      </PageFrame>
    )
  }
  return (
    <PageFrame title={TITLE} description={DESCRIPTION}>
      <BulkSheet />
    </PageFrame>
  )
}

function BulkSheet() {
  const sheet = useBulkSheet()
  const add = useAddBatch()
  // An Enterprise team's batch goes to a location of the business (docs/decisions/039).
  const membership = useMembership()
  const [locationId, setLocationId] = useState('')
  const [added, setAdded] = useState<string | null>(null)
  const addedRef = useRef<HTMLDivElement>(null)
  // The Add button goes with the batch it added; the keyboard lands on what happened instead.
  useEffect(() => {
    if (added) addedRef.current?.focus()
  }, [added])
  const { rows, checked } = sheet
  const problemRows = checked ? rows.filter((row) => (checked.byKey.get(row.key)?.problems.length ?? 0) > 0).length : 0
  const canAdd =
    sheet.isChecked &&
    checked !== null &&
    checked.problem === null &&
    problemRows === 0 &&
    rows.length > 0 &&
    rows.length <= checked.rowLimit

  function addToCart() {
    const sent = rows
    setAdded(null)
    add.mutate(
      { rows: sent.map(toInput), ...(locationId ? { locationId } : {}) },
      {
        onSuccess: (answer) => {
          setAdded(answer.message)
          sheet.clear()
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details) sheet.showProblems(problemsByKey(error.details, sent))
        },
      },
    )
  }

  return (
    <>
      {added && (
        <div ref={addedRef} tabIndex={-1} className="outline-none">
          <Alert tone="success">
            <p>{added}</p>
            <Link to={paths.cart} className="mt-2 inline-block font-semibold underline">
              Go to your cart
            </Link>
          </Alert>
        </div>
      )}
      <div className="mt-4">
        <BulkInput
          isChecking={sheet.isReading}
          onCheck={(text) => {
            setAdded(null)
            add.reset()
            void sheet.checkText(text)
          }}
        />
      </div>
      {sheet.checkError && (
        <div className="mt-4">
          <Alert tone="error">{sheet.checkError}</Alert>
        </div>
      )}
      {checked && (
        <section aria-labelledby="bulk-batch-heading" className="mt-8">
          <h2 id="bulk-batch-heading" className="text-xl font-semibold">
            Your batch
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            {rows.length} {rows.length === 1 ? 'vehicle' : 'vehicles'}, up to {checked.rowLimit} a batch on your plan.
            {/* Seen while typing; not announced, or every keystroke would be read out. */}
            {!sheet.isChecked && !sheet.checkError && ' Checking…'}
          </p>
          <div role="status" className="mt-1 space-y-1 text-sm">
            {problemRows > 0 && <p className="font-medium text-red-700">{BULK_MESSAGES.fixRows(problemRows)}</p>}
            {checked.problem && <p className="font-medium text-red-700">{checked.problem}</p>}
          </div>
          {rows.length > 0 && (
            <BulkTable
              key={sheet.readCount}
              rows={rows}
              checked={checked}
              onEdit={sheet.edit}
              onApplyModel={sheet.applyModel}
              onRemove={sheet.remove}
            />
          )}
          {checked.total && rows.length > 0 && <BatchTotal total={checked.total} rowCount={rows.length} />}
          <div className="mt-6 max-w-sm">
            <OrderLocation membership={membership.data} value={locationId} onChange={setLocationId} />
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Button onClick={addToCart} disabled={!canAdd} isBusy={add.isPending}>
              Add {rows.length} to cart
            </Button>
          </div>
          {add.isError && (
            <div className="mt-4">
              <Alert tone="error">{add.error.message}</Alert>
            </div>
          )}
        </section>
      )}
      {rows.length >= BULK_QUOTE_FROM_ROWS && <BulkQuote rows={rows} />}
    </>
  )
}

/**
 * What the batch will charge, as the API priced its rows under the member's plan (the cart's own rule), so the
 * member sees the sum before adding it; rows without a make yet are counted out, and said to be.
 */
function BatchTotal({ total, rowCount }: { total: NonNullable<BulkCheckAnswer['total']>; rowCount: number }) {
  const unpriced = rowCount - total.pricedRows
  return (
    <p className="mt-4 text-base">
      {unpriced > 0 ? `Total of the ${total.pricedRows} priced ${total.pricedRows === 1 ? 'row' : 'rows'}` : 'Batch total'}:{' '}
      <strong data-testid="bulk-total">{formatDollars(total.chargeCents)}</strong>
      <span className="block text-sm text-slate-600">
        {unpriced > 0 ? `${unpriced} ${unpriced === 1 ? 'row has' : 'rows have'} no price until its make is chosen. ` : ''}
        Each row at your plan's price, as your cart will charge it.
      </span>
    </p>
  )
}
