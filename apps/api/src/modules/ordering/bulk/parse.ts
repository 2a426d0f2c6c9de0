import { BULK_MESSAGES, BULK_REFERENCE_MAX, type BulkRowInput } from '@keydesk/contracts/bulk'
import { parse } from 'csv-parse/sync'

type Column = keyof BulkRowInput

/** Header names as shops and spreadsheets write them, compared without case, spaces or punctuation. */
const HEADER_NAMES: Record<Column, string[]> = {
  vin: ['vin', 'vinnumber', 'vin#', 'vehicleidentificationnumber', 'serial', 'serialnumber'],
  make: ['make', 'manufacturer', 'brand', 'mfr'],
  model: ['model', 'modelname'],
  year: ['year', 'modelyear', 'yr', 'my'],
  reference: [
    'reference',
    'ref',
    'notes',
    'note',
    'stock',
    'stocknumber',
    'stock#',
    'po',
    'ponumber',
    'yourreference',
    'comments',
    'comment',
  ],
}

/** Each field cut to what a row may carry (BulkRowInputSchema), so a row shown back can be sent back as it is. */
const FIELD_MAX: Record<Column, number> = { vin: 40, make: 60, model: 80, year: 10, reference: BULK_REFERENCE_MAX * 2 }

const squeeze = (header: string) => header.toLowerCase().replace(/[^a-z0-9#]/g, '')

function columnOf(header: string): Column | null {
  const name = squeeze(header)
  for (const [column, names] of Object.entries(HEADER_NAMES) as [Column, string[]][]) {
    if (names.includes(name) || names.includes(name.replace(/#/g, ''))) return column
  }
  return null
}

/** The delimiter of a CSV header line: Excel in many locales writes semicolons, others commas or tabs. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: headerLine.split(delimiter).length }))
  counts.sort((a, b) => b.count - a.count)
  return counts[0]?.delimiter ?? ','
}

const firstLine = (text: string) => text.split(/\r?\n/).find((line) => line.trim() !== '') ?? ''

/**
 * What the member pasted or uploaded, as rows (docs/product.md, 'Bulk ordering'). A first line naming a VIN column
 * makes it a CSV file (any of the template's other columns, in any order, matched loosely; a byte-order mark,
 * semicolons, tabs, quoted cells and blank lines are all accepted). Anything else is a list of VINs, one per line or
 * separated by commas, semicolons or spaces.
 */
export function parseBulkText(raw: string): { rows: BulkRowInput[]; problem: string | null } {
  const text = raw.replace(/^\uFEFF/, '')
  const header = firstLine(text)
  const delimiter = delimiterOf(header)
  const headerCells = header.split(delimiter).map((cell) => cell.replace(/^"|"$/g, ''))
  const columns = headerCells.map(columnOf)
  const looksLikeCsv = columns.filter((column) => column !== null).length >= 2 || columns.includes('vin')
  if (!looksLikeCsv) {
    const rows = text
      .split(/[\s,;]+/)
      .map((token) => token.replace(/^"|"$/g, '').trim())
      .filter((token) => token !== '')
      .map((vin) => ({ vin: vin.slice(0, FIELD_MAX.vin) }))
    return { rows, problem: rows.length === 0 ? BULK_MESSAGES.empty : null }
  }
  if (!columns.includes('vin')) return { rows: [], problem: BULK_MESSAGES.noVinColumn }
  const records: string[][] = parse(text, {
    delimiter,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    from_line: 2,
    skip_records_with_empty_values: true,
  })
  const rows = records.map((record) => {
    const row: BulkRowInput = { vin: '' }
    const references: string[] = []
    columns.forEach((column, index) => {
      const value = (record[index]?.trim() ?? '').slice(0, column ? FIELD_MAX[column] : 0)
      if (!column || value === '') return
      if (column === 'reference') references.push(value)
      else if (row[column] === undefined || row[column] === '') row[column] = value
    })
    if (references.length > 0) row.reference = references.join(' · ').slice(0, FIELD_MAX.reference)
    return row
  })
  return { rows, problem: rows.length === 0 ? BULK_MESSAGES.empty : null }
}
