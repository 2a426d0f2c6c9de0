import type { BulkCheckBody } from '@keydesk/contracts/bulk'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useCheckBulk } from './api/use-bulk-order.ts'
import { type BulkRow, toInput } from './bulk-rows.ts'
import { type SheetCheck, sheetOfAnswer, sheetOfRead } from './sheet-check.ts'

/** How long typing pauses before the rows are checked again. */
const RECHECK_DELAY_MS = 300

/**
 * The API's checks of the sheet's rows: of all of them after a pause in typing (a VIN typed twice is a problem of
 * both), or of a paste or a file's content. Only the answer to the newest question counts; it is laid on the rows
 * shown now (`rowsNow`, given to `showRows`), so rows typed in since it was asked keep what the member typed.
 */
export function useSheetCheck(rowsNow: RefObject<BulkRow[]>, showRows: (rows: BulkRow[]) => void) {
  const { mutateAsync, isPending } = useCheckBulk()
  const [checked, setChecked] = useState<SheetCheck | null>(null)
  const [checkError, setCheckError] = useState<string | null>(null)
  const [isReading, setIsReading] = useState(false)
  /** Counts the pastes and files read, so the table starts again at its first page with each. */
  const [readCount, setReadCount] = useState(0)
  const newestQuestion = useRef(0)
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(pause.current), [])

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
    [mutateAsync, rowsNow, showRows],
  )

  const recheckAfterPause = useCallback(() => {
    clearTimeout(pause.current)
    pause.current = setTimeout(() => void ask({ rows: rowsNow.current.map(toInput) }, rowsNow.current), RECHECK_DELAY_MS)
  }, [ask, rowsNow])

  /** Checks a paste or a file's content; its rows replace the table, edits still waiting for their check included. */
  const checkText = useCallback(
    (text: string) => {
      clearTimeout(pause.current)
      setIsReading(true)
      return ask({ text }, null)
    },
    [ask],
  )

  /** No check any more: one waiting for a pause or still on its way is forgotten. */
  const forget = useCallback(() => {
    clearTimeout(pause.current)
    newestQuestion.current++
    setChecked(null)
  }, [])

  return { checked, setChecked, checkError, isReading, readCount, isPending, recheckAfterPause, checkText, forget }
}
