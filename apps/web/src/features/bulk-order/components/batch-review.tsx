import { BULK_MESSAGES } from '@keydesk/contracts/bulk'
import type { TeamMembership } from '@keydesk/contracts/teams'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { OrderLocation } from '../../team/components/order-location.tsx'
import type { SheetCheck } from '../sheet-check.ts'
import type { BulkSheetState } from '../use-bulk-sheet.ts'
import { BatchTotal } from './batch-total.tsx'
import { BulkTable } from './bulk-table.tsx'

/**
 * The checked batch: its size against the plan's limit, the rows with their problems to correct, the total, the
 * location an Enterprise team orders for, and the button that adds it all to the cart once nothing is wrong.
 */
export function BatchReview({
  sheet,
  checked,
  membership,
  locationId,
  onLocationChange,
  isAdding,
  addError,
  onAdd,
}: {
  sheet: BulkSheetState
  checked: SheetCheck
  membership: TeamMembership | undefined
  locationId: string
  onLocationChange: (locationId: string) => void
  isAdding: boolean
  addError: Error | null
  onAdd: () => void
}) {
  const { rows } = sheet
  const problemRows = rows.filter((row) => (checked.byKey.get(row.key)?.problems.length ?? 0) > 0).length
  const canAdd = sheet.isChecked && checked.problem === null && problemRows === 0 && rows.length > 0 && rows.length <= checked.rowLimit
  return (
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
        <OrderLocation membership={membership} value={locationId} onChange={onLocationChange} />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <Button onClick={onAdd} disabled={!canAdd} isBusy={isAdding}>
          Add {rows.length} to cart
        </Button>
      </div>
      {addError && (
        <div className="mt-4">
          <Alert tone="error">{addError.message}</Alert>
        </div>
      )}
    </section>
  )
}
