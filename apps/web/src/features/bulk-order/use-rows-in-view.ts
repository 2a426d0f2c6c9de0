import { useCallback, useState } from 'react'
import type { BulkRow } from './bulk-rows.ts'
import type { SheetCheck } from './sheet-check.ts'

/** Rows drawn at once: a batch of 500 stays quick to type in. */
const ROWS_PER_PAGE = 50

/**
 * The rows the batch's table shows, each with its number in the batch: a page at a time, optionally only those with
 * a problem. A row being fixed under that filter stays in view until the filter is changed, so it does not vanish
 * mid-edit.
 */
export function useRowsInView(rows: BulkRow[], checked: SheetCheck) {
  const [page, setPage] = useState(0)
  const [onlyProblems, setOnlyProblems] = useState(false)
  const [keptInView, setKeptInView] = useState<ReadonlySet<string>>(new Set())
  const numbered = rows.map((row, index) => ({ row, number: index + 1 }))
  const shown = onlyProblems
    ? numbered.filter(({ row }) => keptInView.has(row.key) || (checked.byKey.get(row.key)?.problems.length ?? 0) > 0)
    : numbered
  const pageCount = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE))
  const currentPage = Math.min(page, pageCount - 1)
  const onPage = shown.slice(currentPage * ROWS_PER_PAGE, (currentPage + 1) * ROWS_PER_PAGE)

  const keepInView = useCallback((key: string) => setKeptInView((kept) => (kept.has(key) ? kept : new Set(kept).add(key))), [])

  function showOnlyProblems(only: boolean) {
    setOnlyProblems(only)
    setKeptInView(new Set())
    setPage(0)
  }

  return { onPage, shownCount: shown.length, page: currentPage, pageCount, setPage, onlyProblems, showOnlyProblems, keepInView }
}
