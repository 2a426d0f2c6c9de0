import { BULK_MESSAGES, BULK_QUOTE_FROM_ROWS, bulkRowLimit } from '@keydesk/contracts/bulk'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { primaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { useTrialAccess } from '../../membership/api/use-trial-status.ts'
import { useMembership } from '../../team/api/use-team.ts'
import { useAddBatch } from '../api/use-bulk-order.ts'
import { problemsByKey, toInput } from '../bulk-rows.ts'
import { BatchAdded } from '../components/batch-added.tsx'
import { BatchReview } from '../components/batch-review.tsx'
import { BulkInput } from '../components/bulk-input.tsx'
import { BulkQuote } from '../components/bulk-quote.tsx'
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

/**
 * The batch being prepared: pasted or read from a file, checked by the API row by row while the member corrects it,
 * then added to the cart; from BULK_QUOTE_FROM_ROWS vehicles, support can price it instead.
 */
function BulkSheet() {
  const sheet = useBulkSheet()
  const add = useAddBatch()
  // An Enterprise team's batch goes to a location of the business (docs/decisions/039).
  const membership = useMembership()
  const [locationId, setLocationId] = useState('')
  const [added, setAdded] = useState<string | null>(null)
  const { rows, checked } = sheet

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
      {added && <BatchAdded message={added} />}
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
        <BatchReview
          sheet={sheet}
          checked={checked}
          membership={membership.data}
          locationId={locationId}
          onLocationChange={setLocationId}
          isAdding={add.isPending}
          addError={add.error}
          onAdd={addToCart}
        />
      )}
      {rows.length >= BULK_QUOTE_FROM_ROWS && <BulkQuote rows={rows} />}
    </>
  )
}
