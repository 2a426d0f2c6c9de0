import { finished } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { BULK_CSV_MAX_COLUMNS, BULK_MAX_ROWS, BULK_MESSAGES, BULK_REFERENCE_MAX, type BulkRowInput } from '@keydesk/contracts/bulk'
import { CsvError, parse } from 'csv-parse'
import { AppError } from '../../../errors.ts'

type Column = keyof BulkRowInput

/** Header names as shops and spreadsheets write them, compared without case, spaces or punctuation. */
const HEADER_NAMES: Record<Column, string[]> = {
  vin: ['vin', 'vinnumber', 'vinno', 'vin#', 'vehicleidentificationnumber', 'serial', 'serialnumber', 'chassis', 'chassisnumber'],
  make: ['make', 'vehiclemake', 'manufacturer', 'brand', 'mfr'],
  model: ['model', 'vehiclemodel', 'modelname'],
  year: ['year', 'vehicleyear', 'modelyear', 'yr', 'my'],
  reference: [
    'reference',
    'ref',
    'refno',
    'notes',
    'note',
    'stock',
    'stocknumber',
    'stockno',
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

/** Rows read of a paste or file: one more than any batch holds, so the answer can still say the batch is too long. */
const ROWS_READ = BULK_MAX_ROWS + 1

/**
 * csv-parse reads about 2 MB a second with the options below, so a file at BULK_TEXT_MAX would hold the event loop
 * for about 100 ms in one piece. It is read in slices of this many bytes instead (a few ms each), with other
 * users' calls served between them.
 */
const SLICE_BYTES = 8 * 1024

const COLUMN_OF_NAME = new Map(
  (Object.entries(HEADER_NAMES) as [Column, string[]][]).flatMap(([column, names]) => names.map((name) => [name, column] as const)),
)

function columnOf(header: string): Column | null {
  const name = header.toLowerCase().replace(/[^a-z0-9#]/g, '')
  return COLUMN_OF_NAME.get(name) ?? COLUMN_OF_NAME.get(name.replace(/#/g, '')) ?? null
}

/** The delimiter of a CSV header line: Excel in many locales writes semicolons, others commas or tabs. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: headerLine.split(delimiter).length }))
  counts.sort((a, b) => b.count - a.count)
  return counts[0]?.delimiter ?? ','
}

/**
 * The lines holding text, each with its number (from 1), read one at a time from the start. A line of delimiters
 * only is how Excel writes an empty row (';;;;' above a header that starts on the sheet's second row).
 */
function* linesWithText(text: string): Generator<{ text: string; number: number }> {
  let start = 0
  for (let number = 1; start <= text.length; number++) {
    const end = text.indexOf('\n', start)
    const line = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '')
    if (/[^\s,;"]/.test(line)) yield { text: line, number }
    if (end === -1) return
    start = end + 1
  }
}

/** The header line and its number, and the delimiter Excel's `sep=;` line names above it when there is one. */
function headerOf(text: string): { line: string; number: number; delimiter: string } {
  const lines = linesWithText(text)
  const first = lines.next().value ?? { text: '', number: 1 }
  const separator = /^\s*sep=(.)\s*$/i.exec(first.text)?.[1]
  if (separator === undefined) return { line: first.text, number: first.number, delimiter: delimiterOf(first.text) }
  const header = lines.next().value ?? { text: '', number: first.number + 1 }
  return { line: header.text, number: header.number, delimiter: separator }
}

/** A pasted list: its VINs, stopping at ROWS_READ, so a paste's length costs no more than the batch it could be. */
function pastedRows(text: string): BulkRowInput[] {
  const rows: BulkRowInput[] = []
  for (const [token] of text.matchAll(/[^\s,;]+/g)) {
    const vin = token.replace(/^"|"$/g, '')
    if (vin !== '') rows.push({ vin: vin.slice(0, FIELD_MAX.vin) })
    if (rows.length === ROWS_READ) break
  }
  return rows
}

const refusal = (message: string) => new AppError('VALIDATION_ERROR', message, [{ field: 'text', message }])

/**
 * The line where a quote opens that csv-parse found never closed (it names the last line, where it gave up): the
 * quote that starts a cell, under the same rules (a quote inside an unquoted cell is text, "" inside a quoted one).
 */
function lineOfUnclosedQuote(text: string, delimiter: string): number {
  let line = 1
  let openedOn = 0
  let atCellStart = true
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\n') line++
    if (openedOn > 0) {
      if (char !== '"') continue
      if (text[index + 1] === '"') index++
      else openedOn = 0
    } else if (char === '\n' || char === delimiter) atCellStart = true
    else if (char === '"' && atCellStart) openedOn = line
    else if (char !== ' ' && char !== '\t' && char !== '\r') atCellStart = false
  }
  return openedOn > 0 ? openedOn : line
}

/** A file csv-parse cannot read, answered as a 400 naming the line to fix, as a spreadsheet would show it. */
function unreadable(error: CsvError, text: string, delimiter: string): AppError {
  const line = typeof error.lines === 'number' ? error.lines : 1
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return refusal(BULK_MESSAGES.quoteNotClosed(lineOfUnclosedQuote(text, delimiter)))
  if (error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE') {
    return refusal(BULK_MESSAGES.strayQuote(line))
  }
  return refusal(BULK_MESSAGES.unreadableLine(line))
}

/** The records after the header, up to ROWS_READ, read a slice at a time; a file csv-parse cannot read is refused. */
async function csvRecords(text: string, header: { number: number; delimiter: string }): Promise<string[][]> {
  const parser = parse({
    delimiter: header.delimiter,
    // Named, not discovered: csv-parse looks for them byte by byte, with new buffers at each, until it finds one.
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    from_line: header.number + 1,
    skip_records_with_empty_values: true,
  })
  const records: string[][] = []
  let failure: unknown
  parser.on('readable', () => {
    for (let record = parser.read(); record !== null; record = parser.read()) records.push(record)
  })
  parser.on('error', (error) => {
    failure = error
  })
  try {
    const bytes = Buffer.from(text)
    for (let offset = 0; offset < bytes.length && failure === undefined && records.length < ROWS_READ; offset += SLICE_BYTES) {
      await new Promise<void>((resolve) => parser.write(bytes.subarray(offset, offset + SLICE_BYTES), () => resolve()))
      await nextTurn()
    }
    if (failure === undefined && records.length < ROWS_READ) {
      parser.end()
      await finished(parser).catch((error: unknown) => {
        failure = error
      })
    }
  } finally {
    parser.destroy()
  }
  if (failure instanceof CsvError) throw unreadable(failure, text, header.delimiter)
  if (failure !== undefined) throw failure
  return records.slice(0, ROWS_READ)
}

/**
 * What the member pasted or uploaded, as rows (docs/product.md, 'Bulk ordering'). A first line naming a VIN column
 * makes it a CSV file (any of the template's other columns, in any order, matched loosely; a byte-order mark,
 * semicolons, tabs, Excel's `sep=` line, quoted cells and blank lines are all accepted). Anything else is a list of
 * VINs, one per line or separated by commas, semicolons or spaces.
 *
 * The work is bounded by the text before it starts: a header past BULK_CSV_MAX_COLUMNS is refused before any row is
 * read, each row reads only the header's columns, and no more than ROWS_READ rows are read. A file csv-parse cannot
 * read (a stray quote) is refused with 400 naming its line.
 */
export async function parseBulkText(raw: string): Promise<{ rows: BulkRowInput[]; problem: string | null }> {
  const text = raw.replace(/^\uFEFF/, '')
  const header = headerOf(text)
  const headerCells = header.line.split(header.delimiter)
  // Empty cells after the last name are a spreadsheet's unused columns, not the file's.
  const width = headerCells.findLastIndex((cell) => cell.replaceAll('"', '').trim() !== '') + 1
  // Names are looked for in no more cells than a header may have: a line of 50,000 cells is judged by its first 51.
  const columns = headerCells.slice(0, Math.min(width, BULK_CSV_MAX_COLUMNS + 1)).map(columnOf)
  const looksLikeCsv = columns.filter((column) => column !== null).length >= 2 || columns.includes('vin')
  if (!looksLikeCsv) {
    const rows = pastedRows(text)
    return { rows, problem: rows.length === 0 ? BULK_MESSAGES.empty : null }
  }
  if (width > BULK_CSV_MAX_COLUMNS) throw refusal(BULK_MESSAGES.tooManyColumns(width))
  if (!columns.includes('vin')) return { rows: [], problem: BULK_MESSAGES.noVinColumn }
  const records = await csvRecords(text, header)
  const rows = records.map((record) => {
    const row: BulkRowInput = { vin: '' }
    const references: string[] = []
    // Cells past the header's columns have no name, and are not read: a row costs at most the header's width.
    for (let index = 0; index < Math.min(record.length, width); index++) {
      const column = columns[index]
      if (!column) continue
      const value = (record[index]?.trim() ?? '').slice(0, FIELD_MAX[column])
      if (value === '') continue
      if (column === 'reference') references.push(value)
      else if (row[column] === undefined || row[column] === '') row[column] = value
    }
    if (references.length > 0) row.reference = references.join(' · ').slice(0, FIELD_MAX.reference)
    return row
  })
  return { rows, problem: rows.length === 0 ? BULK_MESSAGES.empty : null }
}
