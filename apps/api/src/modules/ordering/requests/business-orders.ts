import { Readable } from 'node:stream'
import { toDollars } from '@keydesk/contracts/money'
import { monthBounds } from '@keydesk/contracts/receipts'
import { NO_LOCATION_LABEL, TEAM_MESSAGES, TEAM_SPEND_COLUMNS, type TeamOrdersAnswer, type TeamOrdersQuery } from '@keydesk/contracts/teams'
import { stringify } from 'csv-stringify'
import { AppError } from '../../../errors.ts'
import { guardFormula } from '../../../lib/csv-cells.ts'
import { openSealed } from '../../../lib/secret-box.ts'
import type { Uses } from '../../../ports.ts'
import { findLocationNames, findTeamScope } from '../../accounts/index.ts'
import { type BusinessOrderCursor, pageBusinessOrders, spendByLocation } from './business-orders-repository.ts'

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/

function readCursor(before: string | undefined): BusinessOrderCursor | null {
  if (!before) return null
  const match = CURSOR.exec(before)
  if (!match?.[1] || !match[2])
    throw new AppError('VALIDATION_ERROR', 'That page of orders is not known.', [{ field: 'before', message: 'Unknown page.' }])
  return { createdAt: new Date(match[1]), id: match[2] }
}

async function requireScope(ports: Uses<'database'>, userId: string) {
  const scope = await findTeamScope(ports.database.db, userId)
  if (!scope) throw new AppError('FORBIDDEN', TEAM_MESSAGES.notOnTeam)
  return scope
}

/**
 * GET /team/orders (docs/product.md, 'Enterprise teams'): the business's orders the caller reaches by the one access
 * rule (the owner every one, a manager their locations' and their own, a technician their own), a page at a time,
 * with the released code for each of them to see.
 */
export async function readBusinessOrders(
  ports: Uses<'database' | 'secretKey'>,
  userId: string,
  query: TeamOrdersQuery,
): Promise<TeamOrdersAnswer> {
  const scope = await requireScope(ports, userId)
  const db = ports.database.db
  const rows = await pageBusinessOrders(
    db,
    userId,
    scope.businessId,
    {
      locationId: query.locationId,
      personId: query.personId,
      status: query.status,
      paid: query.month ? monthBounds(query.month) : undefined,
    },
    readCursor(query.before),
    query.limit + 1,
  )
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    orders: page.map((row) => ({
      id: row.id,
      confirmationNumber: row.confirmationNumber,
      vehicle: { make: row.make, model: row.model, year: row.year, vin: row.vin },
      status: row.status,
      servicePlan: row.servicePlan,
      paidAt: (row.paidAt ?? row.createdAt).toISOString(),
      dueAt: row.dueAt?.toISOString() ?? null,
      amountCents: row.paidPriceCents ?? row.priceCents,
      buyer: { id: row.buyerId, name: row.buyerName ?? 'A closed account' },
      location: row.locationId ? { id: row.locationId, name: row.locationName ?? '' } : null,
      keycode: row.keycodeEncrypted ? openSealed(row.keycodeEncrypted, ports.secretKey) : null,
      pincode: row.pincodeEncrypted ? openSealed(row.pincodeEncrypted, ports.secretKey) : null,
      keyBlank: row.keyBlank,
      transponder: row.transponder,
    })),
    nextBefore: rows.length > query.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  }
}

/**
 * GET /team/spend.csv: a month's spend per location of the business, as the caller reaches it, streamed through
 * csv-stringify as every CSV of the API (texts guarded against formulas); a last row gives the total.
 */
export async function businessSpendCsv(ports: Uses<'database'>, userId: string, month: string) {
  const scope = await requireScope(ports, userId)
  const db = ports.database.db
  const { from, to } = monthBounds(month)
  const spend = await spendByLocation(db, userId, scope.businessId, from, to)
  const names = await findLocationNames(
    db,
    spend.flatMap((row) => (row.locationId ? [row.locationId] : [])),
  )
  const rows = spend
    .map((row) => [row.locationId ? (names.get(row.locationId) ?? '') : NO_LOCATION_LABEL, row.orders, toDollars(row.spentCents)] as const)
    .sort((a, b) => a[0].localeCompare(b[0]))
  const total = spend.reduce((sum, row) => ({ orders: sum.orders + row.orders, cents: sum.cents + row.spentCents }), {
    orders: 0,
    cents: 0,
  })
  const csv = Readable.from([...rows, ['Total', total.orders, toDollars(total.cents)]]).pipe(
    stringify({
      header: true,
      columns: [...TEAM_SPEND_COLUMNS],
      quoted_string: true,
      record_delimiter: 'windows',
      // Amounts with their cents, as the receipts' CSV writes them; counts as they are.
      cast: { string: guardFormula, number: (value, context) => (context.index === 2 ? value.toFixed(2) : String(value)) },
    }),
  )
  return { fileName: `keydesk-spend-by-location-${month}.csv`, csv }
}
