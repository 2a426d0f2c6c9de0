import { randomInt } from 'node:crypto'
import {
  BULK_CODES_COLUMNS,
  BULK_MAX_ROWS,
  BULK_MESSAGES,
  BULK_QUOTE_PRICE_CENTS,
  type BulkCheckAnswer,
  type BulkCheckBody,
  type BulkQuoteBody,
  type BulkRowInput,
  bulkRowLimit,
  type CheckedBulkRow,
} from '@keydesk/contracts/bulk'
import { lineChargesCents } from '@keydesk/contracts/cart-total'
import { type PriceHolder, priceKeycodeLines, priceNoteOf } from '@keydesk/contracts/keycode-prices'
import { formatDollars } from '@keydesk/contracts/money'
import { normalizeVin } from '@keydesk/contracts/vin'
import { stringify } from 'csv-stringify/sync'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError, notFound } from '../../../errors.ts'
import { guardFormula } from '../../../lib/csv-cells.ts'
import { decryptSecret } from '../../../lib/secret-box.ts'
import type { Uses } from '../../../ports.ts'
import { findUserNames, lockSubscriptionTier, orderPlaceFor } from '../../accounts/index.ts'
import { enqueueMail } from '../../platform/index.ts'
import { addRequestsToCart, findOrCreateCart } from '../cart/repository.ts'
import { listMakesWithModels } from '../catalogue/repository.ts'
import {
  findBatchOfUser,
  findOpenVinsOfUser,
  insertBatch,
  insertVehicleRequests,
  listBatchesOfUser,
  listReleasedOfBatch,
} from '../requests/batch-repository.ts'
import { findMemberHolding, type MemberHolding } from '../subscriptions/member-holding.ts'
import { checkBulkRows } from './checks.ts'
import { parseBulkText } from './parse.ts'

/** Batch codes: 'B-' and six characters without look-alikes (no 0/O, 1/I/L, U/V), about 10⁹ of them. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ'
const CODE_ATTEMPTS = 5

const drawBatchCode = () => `B-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`

/** How many rows the member's plan allows in one batch (paid or trial, docs/decisions/016); refused without bulk ordering. */
function rowLimitOf({ member, access }: MemberHolding): number {
  const limit = member ? bulkRowLimit(access.tier) : null
  if (limit === null) throw new AppError('FORBIDDEN', BULK_MESSAGES.notAllowed)
  return limit
}

async function checkRows(db: DbExecutor, userId: string, rows: BulkRowInput[], now: Date) {
  const [catalogue, openVins] = await Promise.all([
    listMakesWithModels(db),
    findOpenVinsOfUser(
      db,
      userId,
      rows.map((row) => normalizeVin(row.vin)),
    ),
  ])
  return { catalogue, rows: checkBulkRows(rows, catalogue, openVins, now) }
}

/**
 * POST /bulk/check (docs/product.md, 'Bulk ordering'): parses a paste or CSV file, or takes the rows as the member
 * edited them, and checks every row. Nothing is stored.
 */
export async function checkBatch(ports: Uses<'database' | 'clock'>, userId: string, body: BulkCheckBody): Promise<BulkCheckAnswer> {
  const db = ports.database.db
  const now = ports.clock.now()
  const holding = await findMemberHolding(db, userId, now, { prices: true })
  const rowLimit = rowLimitOf(holding)
  const parsed =
    'text' in body ? await parseBulkText(body.text) : { rows: body.rows, problem: body.rows.length === 0 ? BULK_MESSAGES.empty : null }
  // A paste past any batch's size is answered by its first BULK_MAX_ROWS rows, so one call's work stays bounded.
  const checked = await checkRows(db, userId, parsed.rows.slice(0, BULK_MAX_ROWS), now)
  const problem = parsed.problem ?? (parsed.rows.length > rowLimit ? BULK_MESSAGES.tooManyRows(rowLimit) : null)
  return { ...priceRows(checked.rows, checked.catalogue, holding.priceHolder), rowLimit, problem }
}

/**
 * Each row's charge under the member's plan, as the cart and the checkout will charge it (docs/product.md, 'Cart'):
 * priceKeycodeLines over the rows whose make is known, then lineChargesCents, so the rows add up to the total shown.
 * A row without a make has no price yet and is left out of the total.
 */
function priceRows(
  rows: CheckedBulkRow[],
  catalogue: { name: string; basePriceCents: number; memberPriceCents: number; requiresPin: boolean }[],
  holder: PriceHolder,
) {
  const makeOf = new Map(catalogue.map((make) => [make.name, make]))
  const priced = rows.flatMap((row, index) => {
    const make = row.make === null ? undefined : makeOf.get(row.make)
    return make
      ? [
          {
            index,
            line: { make: make.name, baseCents: make.basePriceCents, memberCents: make.memberPriceCents, requiresPin: make.requiresPin },
          },
        ]
      : []
  })
  const lines = priceKeycodeLines(
    priced.map(({ line }) => line),
    holder,
  )
  const charges = lineChargesCents(
    lines.map((line) => ({ cents: line.amountCents, discountPercent: line.discountPercent })),
    holder.tier,
  )
  const priceAt = new Map(
    priced.map(({ index }, at) => {
      const line = lines[at]
      return [
        index,
        line
          ? {
              chargeCents: charges[at] ?? 0,
              amountCents: line.amountCents,
              discountPercent: line.discountPercent,
              note: priceNoteOf(line, holder),
            }
          : null,
      ]
    }),
  )
  return {
    rows: rows.map((row, index) => ({ ...row, price: priceAt.get(index) ?? null })),
    total: { chargeCents: charges.reduce((sum, cents) => sum + cents, 0), pricedRows: priced.length },
  }
}

/**
 * POST /bulk/batches: every request of the batch and its cart item in one transaction, all or none. The member's row
 * is locked first, so the plan, the open-order duplicates and the inserts are decided one batch after another; every
 * check runs again here, whatever the screen showed. Each request is priced as a single one (its make's base price
 * now, the member's price at checkout).
 */
export async function createBatch(ports: Uses<'database' | 'clock'>, userId: string, rows: BulkRowInput[], locationId?: string) {
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    await lockSubscriptionTier(tx, userId)
    const place = await orderPlaceFor(tx, userId, locationId)
    const rowLimit = rowLimitOf(await findMemberHolding(tx, userId, now))
    if (rows.length > rowLimit) throw new AppError('VALIDATION_ERROR', BULK_MESSAGES.tooManyRows(rowLimit))
    const checked = await checkRows(tx, userId, rows, now)
    const details = checked.rows.flatMap((row, index) =>
      row.problems.map((problem) => ({ field: `rows.${index}.${problem.field}`, message: problem.message })),
    )
    if (details.length > 0) {
      const badRows = checked.rows.filter((row) => row.problems.length > 0).length
      throw new AppError('VALIDATION_ERROR', BULK_MESSAGES.fixRows(badRows), details)
    }
    let code = drawBatchCode()
    let batchId = await insertBatch(tx, userId, code, now)
    for (let attempt = 1; !batchId && attempt < CODE_ATTEMPTS; attempt++) {
      code = drawBatchCode()
      batchId = await insertBatch(tx, userId, code, now)
    }
    if (!batchId) throw new Error('no free batch code')
    const makeOf = new Map(checked.catalogue.map((make) => [make.name, make]))
    const requestIds = await insertVehicleRequests(
      tx,
      checked.rows.map((row, index) => {
        const make = makeOf.get(row.make ?? '')
        if (!make || !row.model || row.year === null) throw new Error('a checked row lost its vehicle')
        return {
          userId,
          makeId: make.id,
          model: row.model,
          year: row.year,
          vin: row.vin,
          priceCents: make.basePriceCents,
          batchId,
          batchPosition: index + 1,
          reference: row.reference === '' ? null : row.reference,
          ...place,
          createdAt: now,
          updatedAt: now,
        }
      }),
    )
    await addRequestsToCart(tx, await findOrCreateCart(tx, { userId }), requestIds)
    return { message: BULK_MESSAGES.added(requestIds.length, code), batch: { id: batchId, code, size: requestIds.length } }
  })
}

/** GET /bulk/batches: the member's batches, newest first, with their progress. */
export async function listBatches(ports: Uses<'database'>, userId: string, page: { limit: number; offset: number }) {
  const { items, total } = await listBatchesOfUser(ports.database.db, userId, page)
  return { items: items.map((batch) => ({ ...batch, createdAt: batch.createdAt.toISOString() })), total }
}

/**
 * GET /bulk/batches/{id}/codes.csv: the released codes of the member's own batch, in batch order; another member's
 * batch is not found. Every cell is guarded against spreadsheet formulas (the reference is the member's own text).
 */
export async function batchCodesCsv(ports: Uses<'database' | 'secretKey'>, userId: string, batchId: string) {
  const db = ports.database.db
  const batch = await findBatchOfUser(db, userId, batchId)
  if (!batch) throw new AppError('NOT_FOUND', BULK_MESSAGES.batchNotFound)
  const released = await listReleasedOfBatch(db, batch.id, userId)
  const csv = stringify(
    released.map((row) => [
      String(row.year),
      row.make,
      row.model,
      row.vin,
      row.reference ?? '',
      row.keycodeEncrypted ? decryptSecret(row.keycodeEncrypted, ports.secretKey) : '',
      row.pincodeEncrypted ? decryptSecret(row.pincodeEncrypted, ports.secretKey) : '',
      row.fulfilledAt?.toISOString() ?? '',
    ]),
    { header: true, columns: [...BULK_CODES_COLUMNS], cast: { string: guardFormula } },
  )
  return { code: batch.code, csv }
}

/**
 * POST /bulk/quote: a batch of BULK_QUOTE_FROM_ROWS or more for a custom quote at $0.50 a request (docs/product.md,
 * 'Prices'). It goes to the support inbox with the member's contact, the count and every row, through the mail
 * outbox (kept until sent); support answers the member by e-mail.
 */
export async function requestQuote(ports: Uses<'database' | 'clock' | 'config' | 'secretKey'>, userId: string, body: BulkQuoteBody) {
  const db = ports.database.db
  rowLimitOf(await findMemberHolding(db, userId, ports.clock.now()))
  const member = (await findUserNames(db, [userId])).get(userId)
  if (!member) throw notFound()
  const count = body.rows.length
  const name = [member.fname, member.lname].filter(Boolean).join(' ') || member.email
  const rows = stringify(
    body.rows.map((row) => [row.vin, row.make ?? '', row.model ?? '', row.year ?? '', row.reference ?? '']),
    { header: true, columns: ['VIN', 'Make', 'Model', 'Year', 'Reference'], cast: { string: guardFormula } },
  )
  await enqueueMail(
    db,
    {
      to: ports.config.supportEmail,
      subject: `[Bulk quote] ${count} vehicles from ${name}`,
      text: [
        `From: ${name} <${member.email}>`,
        `Vehicles: ${count}, at ${formatDollars(BULK_QUOTE_PRICE_CENTS)} a request: ${formatDollars(count * BULK_QUOTE_PRICE_CENTS)}`,
        ...(body.message ? ['', body.message] : []),
        '',
        rows,
      ].join('\n'),
    },
    ports.secretKey,
  )
  return { message: BULK_MESSAGES.quoteSent(count) }
}
