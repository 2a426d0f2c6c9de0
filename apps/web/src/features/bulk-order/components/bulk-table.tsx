import type { BulkRowField } from '@keydesk/contracts/bulk'
import { useCallback, useEffect, useRef, useState } from 'react'
import { PageButtons } from '../../../components/ui/page-buttons.tsx'
import { type BulkRow, rowsToTakeModel } from '../bulk-rows.ts'
import type { SheetCheck } from '../sheet-check.ts'
import { useRowsInView } from '../use-rows-in-view.ts'
import { BulkRowEditor, fieldControlId, removeButtonId } from './bulk-row-editor.tsx'

export interface BulkTableProps {
  rows: BulkRow[]
  checked: SheetCheck
  onEdit: (key: string, field: BulkRowField, value: string) => void
  onApplyModel: (key: string) => void
  onRemove: (key: string) => void
}

const modelControlId = (key: string) => fieldControlId(key, 'model')

/** Focus for the element of the row given (`idOf` its key), once the render that follows has drawn it. */
function useFocusAfterRender(idOf: (key: string) => string) {
  const [key, setKey] = useState<string | null>(null)
  useEffect(() => {
    if (key === null) return
    document.getElementById(idOf(key))?.focus()
    setKey(null)
  }, [key, idOf])
  return setKey
}

/** The batch's rows to correct, a page at a time, optionally only those with a problem. */
export function BulkTable({ rows, checked, onEdit, onApplyModel, onRemove }: BulkTableProps) {
  const { onPage, shownCount, page, pageCount, setPage, onlyProblems, showOnlyProblems, keepInView } = useRowsInView(rows, checked)
  // Read when a row is removed, so the rows' handlers stay the same from one keystroke to the next.
  const keysOnPage = useRef<string[]>([])
  keysOnPage.current = onPage.map(({ row }) => row.key)
  // Removing a row takes its button away; the keyboard goes on from the row that took its place.
  const focusRemoveAfterRender = useFocusAfterRender(removeButtonId)
  // Applying a model takes its button away (no row is left to change); the keyboard goes back to the row's model.
  const focusModelAfterRender = useFocusAfterRender(modelControlId)

  const editInView = useCallback(
    (key: string, field: BulkRowField, value: string) => {
      keepInView(key)
      onEdit(key, field, value)
    },
    [keepInView, onEdit],
  )

  const removeRow = useCallback(
    (key: string) => {
      const keys = keysOnPage.current
      const index = keys.indexOf(key)
      focusRemoveAfterRender(keys[index + 1] ?? keys[index - 1] ?? null)
      onRemove(key)
    },
    [focusRemoveAfterRender, onRemove],
  )

  const applyModel = useCallback(
    (key: string) => {
      focusModelAfterRender(key)
      onApplyModel(key)
    },
    [focusModelAfterRender, onApplyModel],
  )

  return (
    <div>
      <label className="mt-4 inline-flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={onlyProblems} onChange={(event) => showOnlyProblems(event.target.checked)} />
        Show only rows with problems
      </label>
      <div className="mt-3 md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white">
        <table className="block w-full text-sm md:table">
          <caption className="sr-only">Vehicles of the batch</caption>
          <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
            <tr>
              {['Row', 'VIN', 'Make', 'Year', 'Model', 'Reference', 'Price'].map((column) => (
                <th key={column} scope="col" className="px-2 py-2 text-left font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 text-left font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-2 md:table-row-group md:space-y-0">
            {onPage.map(({ row, number }) => (
              <BulkRowEditor
                key={row.key}
                row={row}
                number={number}
                checked={checked.byKey.get(row.key)}
                applyCount={rowsToTakeModel(rows, row).length}
                onEdit={editInView}
                onApplyModel={applyModel}
                onRemove={removeRow}
              />
            ))}
          </tbody>
        </table>
      </div>
      {onlyProblems && shownCount === 0 && <p className="mt-3 text-slate-600">No row has a problem.</p>}
      <PageButtons label="Batch rows pages" page={page} pageCount={pageCount} onPageChange={setPage} />
    </div>
  )
}
