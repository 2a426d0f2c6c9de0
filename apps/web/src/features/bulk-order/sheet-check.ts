import type { BulkCheckAnswer, CheckedBulkRow } from '@keydesk/contracts/bulk'
import { type BulkProblem, type BulkRow, rowsFromAnswer, withAnswer } from './bulk-rows.ts'

export interface SheetCheck {
  /** The rows this check answered; the sheet is checked when they are the rows shown. */
  rows: BulkRow[]
  byKey: Map<string, CheckedBulkRow>
  rowLimit: number
  problem: string | null
  /** What the priced rows charge together under the member's plan (the API's answer), when it said. */
  total: BulkCheckAnswer['total'] | null
}

function byKeyOf(rows: BulkRow[], answered: CheckedBulkRow[]): Map<string, CheckedBulkRow> {
  const byKey = new Map<string, CheckedBulkRow>()
  rows.forEach((row, index) => {
    const answer = answered[index]
    if (answer) byKey.set(row.key, answer)
  })
  return byKey
}

const checkOf = (rows: BulkRow[], asked: BulkRow[], answer: BulkCheckAnswer): SheetCheck => ({
  rows,
  byKey: byKeyOf(asked, answer.rows),
  rowLimit: answer.rowLimit,
  problem: answer.problem,
  total: answer.total ?? null,
})

/** A paste or a file read: the API's rows replace the sheet. */
export function sheetOfRead(answer: BulkCheckAnswer): { shown: BulkRow[]; check: SheetCheck } {
  const read = rowsFromAnswer(answer.rows)
  return { shown: read, check: checkOf(read, read, answer) }
}

/**
 * The answer to a check of `asked`, laid on the rows shown now (`current`): a row still shown takes its answer, a row
 * typed in since keeps what the member typed, and the sheet counts as checked only when nothing changed meanwhile.
 */
export function sheetOfAnswer(asked: BulkRow[], current: BulkRow[], answer: BulkCheckAnswer): { shown: BulkRow[]; check: SheetCheck } {
  const position = new Map(asked.map((row, index) => [row, index]))
  const untouched = current.length === asked.length && current.every((row, index) => row === asked[index])
  const shown = current.map((row) => {
    const index = position.get(row)
    const answered = index === undefined ? undefined : answer.rows[index]
    return answered ? withAnswer(row, answered) : row
  })
  return { shown, check: checkOf(untouched ? shown : asked, asked, answer) }
}

/** The problems the API found when the batch was sent, in place of the check's for those rows. */
export function withProblems(check: SheetCheck, found: Map<string, BulkProblem[]>): SheetCheck {
  const byKey = new Map(check.byKey)
  for (const [key, problems] of found) {
    const row = byKey.get(key)
    if (row) byKey.set(key, { ...row, problems })
  }
  return { ...check, byKey }
}
