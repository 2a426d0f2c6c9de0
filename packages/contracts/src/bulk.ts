import { z } from 'zod'
import { PageQuerySchema } from './admin.ts'
import { BULK_MAX_ROWS, BULK_QUOTE_FROM_ROWS, BULK_ROW_LIMITS } from './bulk-limits.ts'
import { TIER_LABELS } from './subscription-constants.ts'

export * from './bulk-limits.ts'

/**
 * Bulk ordering (docs/product.md, 'Bulk ordering'): a Professional or Enterprise member, paid or in a trial of that
 * tier, checks a batch of vehicles and adds them all to the cart at once. The API parses and checks every row; the
 * screen shows what the API decided.
 */

/** The largest paste or CSV file the check accepts (about 2,000 rows of a full CSV). */
export const BULK_TEXT_MAX = 200_000
/**
 * The most columns a CSV file's header may name: the template's five and the many more a shop's own stock export
 * carries. A header past it is refused before any row is read, so the work per row is at most this many cells.
 */
export const BULK_CSV_MAX_COLUMNS = 50
export const BULK_REFERENCE_MAX = 120

export const BULK_MESSAGES = {
  notAllowed: `Bulk ordering comes with the ${TIER_LABELS.PROFESSIONAL} plan (up to ${BULK_ROW_LIMITS.PROFESSIONAL} vehicles a batch) and the ${TIER_LABELS.ENTERPRISE} plan (up to ${BULK_ROW_LIMITS.ENTERPRISE.toLocaleString('en-US')} vehicles a batch).`,
  empty: 'Paste at least one VIN or choose a CSV file.',
  textTooLong: `A paste or CSV file may hold at most ${BULK_TEXT_MAX.toLocaleString('en-US')} characters: split it into batches of up to ${BULK_MAX_ROWS.toLocaleString('en-US')} vehicles.`,
  noVinColumn: 'The CSV file needs a column named VIN: download the template to see the columns.',
  tooManyColumns: (count: number) =>
    `The CSV file has ${count} columns; it may have ${BULK_CSV_MAX_COLUMNS} at most. Remove the columns other than VIN, Make, Model, Year and Reference.`,
  quoteNotClosed: (line: number) =>
    `Line ${line} of the CSV file opens a quote that is never closed: close it after the cell's text, or remove it.`,
  strayQuote: (line: number) =>
    `Line ${line} of the CSV file has a stray quote: a quoted cell must end at its closing quote (write a quote inside it as "").`,
  unreadableLine: (line: number) => `Line ${line} of the CSV file cannot be read: save the file again as CSV and check it again.`,
  tooManyRows: (limit: number) => `Your plan allows at most ${limit} vehicles per batch.`,
  fixRows: (count: number) => `${count === 1 ? '1 row needs' : `${count} rows need`} fixing before the batch can be added to the cart.`,
  added: (count: number, code: string) => `${count} keycode ${count === 1 ? 'request' : 'requests'} of batch ${code} added to your cart.`,
  quoteSent: (count: number) =>
    `Your request for a custom quote on ${count} vehicles has been sent. Support will answer by e-mail within one business day.`,
  quoteTooFew: `A custom quote starts at ${BULK_QUOTE_FROM_ROWS} vehicles.`,
  batchNotFound: 'Batch not found.',
  makeUnknown: 'Choose a make from the list.',
  makeNeeded: 'Choose the make: the VIN does not tell it.',
  makeAmbiguous: (makes: string[]) => `Choose the make: this VIN could be ${makes.join(' or ')}.`,
  modelNeeded: 'Choose the model.',
  modelUnknown: (model: string) => `"${model}" is not a model of this make and year in the catalogue: choose the model.`,
  yearNeeded: 'Enter the model year.',
  yearNotOffered: 'The catalogue has no model of this make for this year.',
  duplicateInBatch: (row: number) => `This VIN is already in this batch (row ${row}).`,
  duplicateOpen: 'You already have an open order for this VIN.',
  referenceTooLong: `Keep the reference under ${BULK_REFERENCE_MAX} characters.`,
} as const

/** The columns of the downloadable template, in order; the reference holds the shop's own stock number or notes. */
export const BULK_TEMPLATE_COLUMNS = ['VIN', 'Make', 'Model', 'Year', 'Reference'] as const

/** One row as the member typed or uploaded it: every field is text until checked. */
export const BulkRowInputSchema = z.object({
  vin: z.string().max(40),
  make: z.string().max(60).optional(),
  model: z.string().max(80).optional(),
  year: z.string().max(10).optional(),
  reference: z
    .string()
    .max(BULK_REFERENCE_MAX * 2)
    .optional(),
})
export type BulkRowInput = z.infer<typeof BulkRowInputSchema>

const rowsSchema = z.array(BulkRowInputSchema).max(BULK_MAX_ROWS, BULK_MESSAGES.tooManyRows(BULK_MAX_ROWS))

/**
 * POST /bulk/check: either the pasted text or CSV file content (`text`), which the API parses into rows, or rows
 * already shown and edited (`rows`).
 */
export const BulkCheckBodySchema = z.union([
  z.object({ text: z.string().max(BULK_TEXT_MAX, BULK_MESSAGES.textTooLong) }),
  z.object({ rows: rowsSchema }),
])
export type BulkCheckBody = z.infer<typeof BulkCheckBodySchema>

export const BulkRowFieldSchema = z.enum(['vin', 'make', 'model', 'year', 'reference'])
export type BulkRowField = z.infer<typeof BulkRowFieldSchema>

/** A row after the check: make and year filled in where the VIN tells them, the models to choose from, and every problem. */
export const CheckedBulkRowSchema = z.object({
  vin: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  reference: z.string(),
  /** The catalogue's makes this VIN can belong to (all makes when the VIN does not tell). */
  makeOptions: z.array(z.string()),
  /** The catalogue's models of the row's make offered in its year. */
  modelOptions: z.array(z.string()),
  /**
   * The model the check proposes: the catalogue's only model of the row's make in its year, else null. A row that
   * names no model takes it as its model; the screen says it was proposed, so the member sees what to confirm.
   */
  proposedModel: z.string().nullable().optional(),
  /**
   * What the row will charge under the member's plan (priceKeycodeLines, then lineChargesCents over the batch's
   * priced rows): null until the row's make is known.
   */
  price: z
    .object({
      /** What the line charges, its discount taken, in cents. */
      chargeCents: z.number().int(),
      /** The line's price before the discount, in cents. */
      amountCents: z.number().int(),
      discountPercent: z.number().int(),
      /** The rule that priced it, in the cart's words. */
      note: z.string(),
    })
    .nullable()
    .optional(),
  problems: z.array(z.object({ field: BulkRowFieldSchema, message: z.string() })),
  /** The row as read, before the check: what a screen shows where the check could not resolve a field. */
  typed: BulkRowInputSchema,
})
export type CheckedBulkRow = z.infer<typeof CheckedBulkRowSchema>

export const BulkCheckAnswerSchema = z.object({
  rows: z.array(CheckedBulkRowSchema),
  /** How many rows a batch of the member's plan may hold. */
  rowLimit: z.number().int(),
  /** The first problem of the whole batch (too many rows, nothing to check), or null. */
  problem: z.string().nullable(),
  /** What the priced rows charge together under the member's plan, in cents, and how many rows that is. */
  total: z.object({ chargeCents: z.number().int(), pricedRows: z.number().int() }).optional(),
})
export type BulkCheckAnswer = z.infer<typeof BulkCheckAnswerSchema>

/** POST /bulk/batches: every row of the batch, created all together or not at all. */
export const BulkCreateBodySchema = z.object({
  rows: rowsSchema.min(1, BULK_MESSAGES.empty),
  /** An Enterprise team's location the batch is for (docs/decisions/039); a person of one location may leave it out. */
  locationId: z.uuid().optional(),
})
export type BulkCreateBody = z.infer<typeof BulkCreateBodySchema>

export const BulkCreateAnswerSchema = z.object({
  message: z.string(),
  batch: z.object({ id: z.uuid(), code: z.string(), size: z.number().int() }),
})

/** POST /bulk/quote: the batch for a custom quote at BULK_QUOTE_PRICE_CENTS a request. */
export const BulkQuoteBodySchema = z.object({
  rows: z.array(BulkRowInputSchema).min(BULK_QUOTE_FROM_ROWS, BULK_MESSAGES.quoteTooFew).max(BULK_MAX_ROWS),
  message: z.string().trim().max(2000).optional(),
})
export type BulkQuoteBody = z.infer<typeof BulkQuoteBodySchema>

/** A batch on the member's dashboard, with how far its requests are. */
export const BulkBatchSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  createdAt: z.string(),
  size: z.number().int(),
  paid: z.number().int(),
  inProgress: z.number().int(),
  released: z.number().int(),
})
export type BulkBatch = z.infer<typeof BulkBatchSchema>

export const BulkBatchesQuerySchema = PageQuerySchema
export const BulkBatchesAnswerSchema = z.object({ items: z.array(BulkBatchSchema), total: z.number().int() })

/** How far a batch is, in the words the dashboard and the keycode mail use: "7 of 20 released". */
export const batchProgressText = (batch: Pick<BulkBatch, 'size' | 'released'>) => `${batch.released} of ${batch.size} released`

/** The columns of a batch's released codes (GET /bulk/batches/:id/codes.csv). */
export const BULK_CODES_COLUMNS = ['Year', 'Make', 'Model', 'VIN', 'Reference', 'Keycode', 'PIN', 'Released at'] as const

/** The dashboard's query parameter that shows one batch's orders ('/user-dash?batch=B-7K2QX4'), as the batch-done mail links it. */
export const DASHBOARD_BATCH_PARAM = 'batch'

/** A batch is done when every one of its orders was released or refunded: "20 released" or "18 released, 2 refunded". */
export const batchOutcomeText = (outcome: { released: number; refunded: number }) =>
  outcome.refunded === 0 ? `${outcome.released} released` : `${outcome.released} released, ${outcome.refunded} refunded`
