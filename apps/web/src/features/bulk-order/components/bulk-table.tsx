import type { BulkRowField } from '@keydesk/contracts/bulk'
import { useCallback, useEffect, useRef, useState } from 'react'
import { PageButtons } from '../../../components/ui/page-buttons.tsx'
import { type BulkRow, rowsToTakeModel } from '../bulk-rows.ts'
import type { SheetCheck } from '../sheet-check.ts'
import { BulkRowEditor, fieldControlId, removeButtonId } from './bulk-row-editor.tsx'

/** Rows drawn at once: a batch of 500 stays quick to type in. */
export const ROWS_PER_PAGE = 50

export interface BulkTableProps {
  rows: BulkRow[]
  checked: SheetCheck
  onEdit: (key: string, field: BulkRowField, value: string) => void
  onApplyModel: (key: string) => void
  onRemove: (key: string) => void
}

/** The batch's rows to correct, a page at a time, optionally only those with a problem. */
export function BulkTable({ rows, checked, onEdit, onApplyModel, onRemove }: BulkTableProps) {
  const [page, setPage] = useState(0)
  const [onlyProblems, setOnlyProblems] = useState(false)
  // A row being fixed under the filter stays in view until the filter is changed, so it does not vanish mid-edit.
  const [keptInView, setKeptInView] = useState<ReadonlySet<string>>(new Set())
  const numbered = rows.map((row, index) => ({ row, number: index + 1 }))
  const shown = onlyProblems
    ? numbered.filter(({ row }) => keptInView.has(row.key) || (checked.byKey.get(row.key)?.problems.length ?? 0) > 0)
    : numbered
  const pageCount = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE))
  const currentPage = Math.min(page, pageCount - 1)
  const onPage = shown.slice(currentPage * ROWS_PER_PAGE, (currentPage + 1) * ROWS_PER_PAGE)
  // Read when a row is removed, so the rows' handlers stay the same from one keystroke to the next.
  const keysOnPage = useRef<string[]>([])
  keysOnPage.current = onPage.map(({ row }) => row.key)

  const editInView = useCallback(
    (key: string, field: BulkRowField, value: string) => {
      setKeptInView((kept) => (kept.has(key) ? kept : new Set(kept).add(key)))
      onEdit(key, field, value)
    },
    [onEdit],
  )

  // Removing a row takes its button away; the keyboard goes on from the row that took its place.
  const [focusAfterRemove, setFocusAfterRemove] = useState<string | null>(null)
  useEffect(() => {
    if (focusAfterRemove === null) return
    document.getElementById(removeButtonId(focusAfterRemove))?.focus()
    setFocusAfterRemove(null)
  }, [focusAfterRemove])

  const removeRow = useCallback(
    (key: string) => {
      const keys = keysOnPage.current
      const index = keys.indexOf(key)
      setFocusAfterRemove(keys[index + 1] ?? keys[index - 1] ?? null)
      onRemove(key)
    },
    [onRemove],
  )

  // Applying a model takes its button away (no row is left to change); the keyboard goes back to the row's model.
  const [focusAfterApply, setFocusAfterApply] = useState<string | null>(null)
  useEffect(() => {
    if (focusAfterApply === null) return
    document.getElementById(fieldControlId(focusAfterApply, 'model'))?.focus()
    setFocusAfterApply(null)
  }, [focusAfterApply])

  const applyModel = useCallback(
    (key: string) => {
      setFocusAfterApply(key)
      onApplyModel(key)
    },
    [onApplyModel],
  )

  function toggleProblems(checked: boolean) {
    setOnlyProblems(checked)
    setKeptInView(new Set())
    setPage(0)
  }

  return (
    <div>
      <label className="mt-4 inline-flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={onlyProblems} onChange={(event) => toggleProblems(event.target.checked)} />
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
      {onlyProblems && shown.length === 0 && <p className="mt-3 text-slate-600">No row has a problem.</p>}
      <PageButtons label="Batch rows pages" page={currentPage} pageCount={pageCount} onPageChange={setPage} />
    </div>
  )
}
