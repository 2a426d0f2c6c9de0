import {
  BULK_TEMPLATE_COLUMNS,
  type BulkRowField,
  BulkRowFieldSchema,
  type BulkRowInput,
  BulkRowInputSchema,
  type CheckedBulkRow,
} from '@keydesk/contracts/bulk'

/** A row of the table as the member sees and edits it; `key` follows the row when others are removed. */
export interface BulkRow {
  key: string
  vin: string
  make: string
  model: string
  year: string
  reference: string
}

export type BulkProblem = CheckedBulkRow['problems'][number]

/** The longest text each field may carry, so an edited row is always one the API accepts to check. */
export const FIELD_MAX_LENGTH: Record<BulkRowField, number | undefined> = {
  vin: BulkRowInputSchema.shape.vin.maxLength ?? undefined,
  make: BulkRowInputSchema.shape.make.unwrap().maxLength ?? undefined,
  model: BulkRowInputSchema.shape.model.unwrap().maxLength ?? undefined,
  year: BulkRowInputSchema.shape.year.unwrap().maxLength ?? undefined,
  reference: BulkRowInputSchema.shape.reference.unwrap().maxLength ?? undefined,
}

let lastKey = 0
const newKey = () => `row-${++lastKey}`

export const toInput = ({ vin, make, model, year, reference }: BulkRow): BulkRowInput => ({ vin, make, model, year, reference })

/**
 * The rows the API read from a paste or a file, as the member will edit them: what the check resolved, else what the
 * file said (a mistyped VIN's row keeps its model, so fixing the VIN is all it takes).
 */
export const rowsFromAnswer = (checked: CheckedBulkRow[]): BulkRow[] =>
  checked.map((row) => ({
    key: newKey(),
    vin: row.vin,
    make: row.make ?? row.typed.make ?? '',
    model: row.model ?? row.typed.model ?? '',
    year: row.year === null ? (row.typed.year ?? '') : String(row.year),
    reference: row.reference,
  }))

/**
 * A row the member did not touch while it was checked, with what the check read in it (the VIN as the API writes it,
 * the make and year the VIN tells). What the check could not read stays as typed, so the member sees their own text
 * beside the problem.
 */
export const withAnswer = (row: BulkRow, checked: CheckedBulkRow): BulkRow => ({
  key: row.key,
  vin: checked.vin,
  make: checked.make ?? row.make,
  model: checked.model ?? row.model,
  year: checked.year === null ? row.year : String(checked.year),
  reference: checked.reference,
})

/** Rows of the same vehicle kind: the same make and model year, as the member sees them in the table. */
const sameMakeAndYear = (a: BulkRow, b: BulkRow) => a.make !== '' && a.year !== '' && a.make === b.make && a.year.trim() === b.year.trim()

/** The other rows of this row's make and year whose model is not this row's: those "apply to all" would change. */
export function rowsToTakeModel(rows: BulkRow[], source: BulkRow): BulkRow[] {
  if (source.model === '') return []
  return rows.filter((row) => row.key !== source.key && sameMakeAndYear(row, source) && row.model !== source.model)
}

/** Every row of the source row's make and year, with the source row's model. */
export function withModelOfRow(rows: BulkRow[], source: BulkRow): BulkRow[] {
  const taking = new Set(rowsToTakeModel(rows, source).map((row) => row.key))
  return rows.map((row) => (taking.has(row.key) ? { ...row, model: source.model } : row))
}

/** A refused batch's `details` ('rows.3.vin') as the problems of each row, by the rows' keys. */
export function problemsByKey(details: { field: string; message: string }[], rows: BulkRow[]): Map<string, BulkProblem[]> {
  const found = new Map<string, BulkProblem[]>()
  for (const detail of details) {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(detail.field)
    const row = rows[Number(match?.[1])]
    const field = BulkRowFieldSchema.safeParse(match?.[2])
    if (!row || !field.success) continue
    found.set(row.key, [...(found.get(row.key) ?? []), { field: field.data, message: detail.message }])
  }
  return found
}

const TEMPLATE_EXAMPLE: Record<(typeof BULK_TEMPLATE_COLUMNS)[number], string> = {
  VIN: '1HGCR2F31GA000000',
  Make: 'Honda',
  Model: 'Civic',
  Year: '2016',
  Reference: 'Stock 1042',
}

/** The downloadable template: the columns the API reads, and one example row. */
export const templateCsv = () =>
  `${BULK_TEMPLATE_COLUMNS.join(',')}\r\n${BULK_TEMPLATE_COLUMNS.map((column) => TEMPLATE_EXAMPLE[column]).join(',')}\r\n`
