import type { BulkCheckBody, BulkRowField } from '@keydesk/contracts/bulk'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useCheckBulk } from './api/use-bulk-order.ts'
import { type BulkProblem, type BulkRow, toInput, withModelOfRow } from './bulk-rows.ts'
import { type SheetCheck, sheetOfAnswer, sheetOfRead } from './sheet-check.ts'

/** How long typing pauses before the rows are checked again. */
export const RECHECK_DELAY_MS = 300

/**
 * The batch being prepared: the rows as the member edits them and the API's latest check of them. Every edit asks
 * for a check of all the rows (a VIN typed twice is a problem of both), after a pause in typing; only the answer to
 * the newest question counts, and rows typed in since it was asked keep what the member typed.
 */
export function useBulkSheet() {
  const check = useCheckBulk()
  const [rows, setRows] = useState<BulkRow[]>([])
  const [checked, setChecked] = useState<SheetCheck | null>(null)
  const [checkError, setCheckError] = useState<string | null>(null)
  const [isReading, setIsReading] = useState(false)
  /** Counts the pastes and files read, so the table starts again at its first page with each. */
  const [readCount, setReadCount] = useState(0)
  // The rows as of the last change, for the delayed check and for answers that arrive after further edits.
  const rowsNow = useRef<BulkRow[]>([])
  const newestQuestion = useRef(0)
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const { mutateAsync } = check

  useEffect(() => () => clearTimeout(pause.current), [])

  const showRows = useCallback((next: BulkRow[]) => {
    rowsNow.current = next
    setRows(next)
  }, [])

  const ask = useCallback(
    async (body: BulkCheckBody, asked: BulkRow[] | null) => {
      const question = ++newestQuestion.current
      try {
        const answer = await mutateAsync(body)
        if (question !== newestQuestion.current) return
        setCheckError(null)
        if (asked === null) setReadCount((count) => count + 1)
        const { shown, check } = asked === null ? sheetOfRead(answer) : sheetOfAnswer(asked, rowsNow.current, answer)
        showRows(shown)
        setChecked(check)
      } catch (error) {
        if (question === newestQuestion.current) setCheckError((error as Error).message)
      } finally {
        if (asked === null) setIsReading(false)
      }
    },
    [mutateAsync, showRows],
  )

  const recheckAfterPause = useCallback(() => {
    clearTimeout(pause.current)
    pause.current = setTimeout(() => void ask({ rows: rowsNow.current.map(toInput) }, rowsNow.current), RECHECK_DELAY_MS)
  }, [ask])

  const edit = useCallback(
    (key: string, field: BulkRowField, value: string) => {
      showRows(rowsNow.current.map((row) => (row.key === key ? { ...row, [field]: value } : row)))
      recheckAfterPause()
    },
    [showRows, recheckAfterPause],
  )

  /** One action for a lot of one vehicle kind: this row's model on every row of its make and year. */
  const applyModel = useCallback(
    (key: string) => {
      const source = rowsNow.current.find((row) => row.key === key)
      if (!source) return
      showRows(withModelOfRow(rowsNow.current, source))
      recheckAfterPause()
    },
    [showRows, recheckAfterPause],
  )

  const remove = useCallback(
    (key: string) => {
      showRows(rowsNow.current.filter((row) => row.key !== key))
      recheckAfterPause()
    },
    [showRows, recheckAfterPause],
  )

  /** Checks a paste or a file's content; its rows replace the table, edits still waiting for their check included. */
  const checkText = useCallback(
    (text: string) => {
      clearTimeout(pause.current)
      setIsReading(true)
      return ask({ text }, null)
    },
    [ask],
  )

  /** The problems the API found when the batch was sent, in place of the last check's. */
  const showProblems = useCallback((found: Map<string, BulkProblem[]>) => {
    setChecked((current) => {
      if (!current) return current
      const byKey = new Map(current.byKey)
      for (const [key, problems] of found) {
        const row = byKey.get(key)
        if (row) byKey.set(key, { ...row, problems })
      }
      return { ...current, byKey }
    })
  }, [])

  /** Empties the sheet once its batch is in the cart; a check still on its way is forgotten. */
  const clear = useCallback(() => {
    clearTimeout(pause.current)
    newestQuestion.current++
    showRows([])
    setChecked(null)
  }, [showRows])

  const isChecked = checked !== null && checked.rows === rows && !check.isPending
  return { rows, checked, isChecked, isReading, readCount, checkError, edit, applyModel, remove, checkText, showProblems, clear }
}
