import { Readable } from 'node:stream'
import type { ActionLogFilter, ActionLogQuery } from '@keydesk/contracts/action-log'
import { DAY_MS } from '@keydesk/contracts/time'
import { stringify } from 'csv-stringify'
import type { DbExecutor } from '../../../db/database.ts'
import { guardFormula } from '../../../lib/csv-cells.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findDocumentOwners, findUserNames, listBackOfficeAccounts } from '../../accounts/index.ts'
import { findFirstPaidOrders, findReleasedVehicles } from '../../ordering/index.ts'
import { type ActionPageFilter, listActionsPage, recordAction } from '../../platform/index.ts'
import { describeEntry, idsNamedBy, type LogRow, type Names } from './describe.ts'

const EXPORT_PAGE_SIZE = 1000
const ACTOR_LIST_LIMIT = 500

/** The filter as the repository reads it: days become instants (UTC), the last day included. */
function pageFilter(filter: ActionLogFilter): ActionPageFilter {
  return {
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.from ? { from: new Date(`${filter.from}T00:00:00Z`) } : {}),
    ...(filter.to ? { until: new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
  }
}

/**
 * Everything a page of entries names, in four batched reads whatever the page's size: the documents (for their
 * members), the orders' vehicles, their confirmation numbers, and every person (actors, members, admins).
 */
async function namesFor(db: DbExecutor, rows: LogRow[]): Promise<Names> {
  const ids = idsNamedBy(rows)
  const documents = await findDocumentOwners(db, ids.documents)
  const people = await findUserNames(db, [...new Set([...ids.people, ...[...documents.values()].map((document) => document.userId)])])
  const vehicles = await findReleasedVehicles(db, ids.orders)
  const orders = await findFirstPaidOrders(db, ids.orders)
  return {
    people,
    documents,
    orders: new Map(
      vehicles.map((vehicle) => [vehicle.id, { ...vehicle, confirmationNumber: orders.get(vehicle.id)?.confirmationNumber ?? null }]),
    ),
  }
}

async function describedPage(db: DbExecutor, filter: ActionPageFilter, before: number | undefined, limit: number) {
  const rows: LogRow[] = await listActionsPage(db, filter, before, limit)
  const names = await namesFor(db, rows)
  return { rows, entries: rows.map((row) => describeEntry(row, names)) }
}

/** GET /admin/action-log: one page of the log in words, newest first, and where the next page starts. */
export async function readActionLog(ports: Uses<'database'>, query: ActionLogQuery) {
  const { rows, entries } = await describedPage(ports.database.db, pageFilter(query), query.before, query.limit)
  return { entries, nextBefore: rows.length === query.limit ? (rows.at(-1)?.id ?? null) : null }
}

/** GET /admin/action-log/actors: the admins and super admins the log can name, for its actor filter. */
export async function listActionLogActors(ports: Uses<'database'>) {
  const accounts = await listBackOfficeAccounts(ports.database.db, ACTOR_LIST_LIMIT)
  return accounts.map((account) => ({ id: account.id, name: `${account.fname} ${account.lname}`, email: account.email }))
}

export const ACTION_LOG_COLUMNS = ['Time (UTC)', 'Kind', 'Actor', 'Entry', 'Links to'] as const

/** Pages through the filtered log with the keyset cursor, so memory holds one page whatever the log's size. */
async function* logRecords(db: DbExecutor, filter: ActionPageFilter) {
  let before: number | undefined
  for (;;) {
    const { rows, entries } = await describedPage(db, filter, before, EXPORT_PAGE_SIZE)
    for (const entry of entries) {
      yield [entry.createdAt, entry.kindLabel, entry.actor?.name ?? '', entry.text, entry.link?.label ?? '']
    }
    if (rows.length < EXPORT_PAGE_SIZE) return
    before = rows.at(-1)?.id
  }
}

/** The filter in words, kept with the export's own entry in the log. */
const filterWords = (filter: ActionLogFilter) =>
  [
    filter.kind && `kind ${filter.kind}`,
    filter.actorId && `actor ${filter.actorId}`,
    filter.from && `from ${filter.from}`,
    filter.to && `to ${filter.to}`,
  ]
    .filter(Boolean)
    .join(', ')

/**
 * GET /admin/action-log.csv: the filtered log as CSV (csv-stringify, formulas defused), streamed page by page. The
 * export is itself an entry of the log, appended before the first page is read.
 */
export async function exportActionLog(ports: Uses<'database'>, admin: Principal, filter: ActionLogFilter) {
  await recordAction(ports.database.db, {
    actorId: admin.id,
    action: 'ACTION_LOG_EXPORTED',
    targetType: 'action_log',
    targetId: 'export',
    details: { filter: filterWords(filter) },
  })
  const csv = stringify({ header: true, columns: [...ACTION_LOG_COLUMNS], cast: { string: guardFormula } })
  const records = Readable.from(logRecords(ports.database.db, pageFilter(filter)))
  records.on('error', (error) => csv.destroy(error))
  return records.pipe(csv)
}
