import type { BulkRowField } from '@keydesk/contracts/bulk'
import { useCallback, useRef, useState } from 'react'
import { type BulkProblem, type BulkRow, withModelOfRow } from './bulk-rows.ts'
import { withProblems } from './sheet-check.ts'
import { useSheetCheck } from './use-sheet-check.ts'

export type BulkSheetState = ReturnType<typeof useBulkSheet>

/**
 * The batch being prepared: the rows as the member edits them and the API's latest check of them (useSheetCheck).
 * Every edit asks for a check of all the rows once typing pauses.
 */
export function useBulkSheet() {
  const [rows, setRows] = useState<BulkRow[]>([])
  // The rows as of the last change, for the delayed check and for answers that arrive after further edits.
  const rowsNow = useRef<BulkRow[]>([])
  const showRows = useCallback((next: BulkRow[]) => {
    rowsNow.current = next
    setRows(next)
  }, [])
  const { checked, setChecked, checkError, isReading, readCount, isPending, recheckAfterPause, checkText, forget } = useSheetCheck(
    rowsNow,
    showRows,
  )

  /** A change of the rows shown, checked again once typing pauses. */
  const change = useCallback(
    (next: BulkRow[]) => {
      showRows(next)
      recheckAfterPause()
    },
    [showRows, recheckAfterPause],
  )

  const edit = useCallback(
    (key: string, field: BulkRowField, value: string) =>
      change(rowsNow.current.map((row) => (row.key === key ? { ...row, [field]: value } : row))),
    [change],
  )

  /** One action for a lot of one vehicle kind: this row's model on every row of its make and year. */
  const applyModel = useCallback(
    (key: string) => {
      const source = rowsNow.current.find((row) => row.key === key)
      if (source) change(withModelOfRow(rowsNow.current, source))
    },
    [change],
  )

  const remove = useCallback((key: string) => change(rowsNow.current.filter((row) => row.key !== key)), [change])

  /** The problems the API found when the batch was sent, in place of the last check's. */
  const showProblems = useCallback(
    (found: Map<string, BulkProblem[]>) => setChecked((current) => (current ? withProblems(current, found) : current)),
    [setChecked],
  )

  /** Empties the sheet once its batch is in the cart; a check still on its way is forgotten. */
  const clear = useCallback(() => {
    forget()
    showRows([])
  }, [forget, showRows])

  const isChecked = checked !== null && checked.rows === rows && !isPending
  return { rows, checked, isChecked, isReading, readCount, checkError, edit, applyModel, remove, checkText, showProblems, clear }
}
