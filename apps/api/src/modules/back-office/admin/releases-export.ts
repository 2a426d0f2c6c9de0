import { Readable } from 'node:stream'
import { toDollars } from '@keydesk/contracts/money'
import { DAY_MS } from '@keydesk/contracts/time'
import { stringify } from 'csv-stringify'
import type { DbExecutor } from '../../../db/database.ts'
import { guardFormula } from '../../../lib/csv-cells.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findUserNames } from '../../accounts/index.ts'
import { findOrderContacts, findPaidKeycodeRefunds, findReleasedVehicles, refundView } from '../../ordering/index.ts'
import { recordAction } from '../../platform/index.ts'
import { listReleasesPage, type ReleaseCursor } from './repository.ts'

const PAGE_SIZE = 1000

/** The export's columns, in order (docs/decisions/013). A keycode or PIN is never among them. */
export const RELEASE_COLUMNS = [
  'Confirmation number',
  'Request ID',
  'Paid at',
  'Amount (USD)',
  'VIN',
  'Year',
  'Make',
  'Model',
  'Requester',
  'Account validated',
  'Documents on file',
  'Identity checked',
  'Override reason',
  'Released by',
  'Released at',
  'Delivery channels',
  'Refunded at',
  'Refunded (USD)',
  'Refund reason',
] as const

type ReleaseRow = Awaited<ReturnType<typeof withDetails>>[number]

/**
 * A page of releases with what the export shows of each: the request's vehicle and payment, the order's
 * confirmation and checkout e-mail, the member's and the releasing admin's e-mail, and the refund of a line paid back
 * after its release (docs/decisions/027); four batched reads per page.
 */
async function withDetails(db: DbExecutor, releases: Awaited<ReturnType<typeof listReleasesPage>>) {
  if (releases.length === 0) return []
  const requestIds = releases.map((release) => release.vehicleRequestId)
  const vehicles = new Map((await findReleasedVehicles(db, requestIds)).map((row) => [row.id, row]))
  const orderIds = releases.flatMap((release) => (release.transactionId ? [release.transactionId] : []))
  const orders = await findOrderContacts(db, orderIds)
  const accountIds = [...vehicles.values()].flatMap((vehicle) => (vehicle.userId ? [vehicle.userId] : []))
  const accounts = await findUserNames(db, [...new Set([...accountIds, ...releases.map((release) => release.releasedBy)])])
  const refunds = await findPaidKeycodeRefunds(db, requestIds)
  return releases.flatMap((release) => {
    // A request deleted since its page was read (its release record goes with it) is left out.
    const vehicle = vehicles.get(release.vehicleRequestId)
    if (!vehicle) return []
    const order = release.transactionId ? orders.get(release.transactionId) : undefined
    return [
      {
        ...release,
        ...vehicle,
        confirmationNumber: order?.confirmationNumber ?? null,
        checkoutEmail: order?.customerEmail ?? null,
        buyerPseudonym: order?.buyerPseudonym ?? null,
        memberEmail: vehicle.userId ? (accounts.get(vehicle.userId)?.email ?? null) : null,
        releasedByEmail: accounts.get(release.releasedBy)?.email ?? null,
        refund: refundView(refunds.get(release.vehicleRequestId)),
      },
    ]
  })
}

function requesterOf(row: ReleaseRow): string {
  if (row.isGuest) return `guest ${row.checkoutEmail ?? '(no e-mail)'}`
  if (row.memberEmail) return row.memberEmail
  // A purged account's orders name their buyer by its pseudonym (docs/decisions/035), so its releases still read as one buyer's.
  return row.buyerPseudonym ? `deleted account ${row.buyerPseudonym}` : 'deleted account'
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

function toRecord(row: ReleaseRow): string[] {
  return [
    row.confirmationNumber ?? '',
    row.vehicleRequestId,
    row.paidAt?.toISOString() ?? '',
    row.paidPriceCents === null ? '' : toDollars(row.paidPriceCents).toFixed(2),
    row.vin,
    String(row.year),
    row.make,
    row.model,
    requesterOf(row),
    row.isGuest ? 'n/a (guest)' : yesNo(row.accountValidated),
    row.documentsOnFile,
    row.isGuest ? yesNo(row.identityChecked) : 'n/a (member)',
    row.overrideReason ?? '',
    row.releasedByEmail ?? '',
    row.releasedAt.toISOString(),
    row.channels.join(' + '),
    row.refund?.refundedAt ?? '',
    row.refund ? toDollars(row.refund.amountCents).toFixed(2) : '',
    row.refund?.reason ?? '',
  ]
}

/** Pages through the range with a keyset cursor, so memory holds one page whatever the range's size. */
async function* releaseRecords(ports: Uses<'database'>, range: { from: Date; to: Date }) {
  let cursor: ReleaseCursor | null = null
  for (;;) {
    const page = await listReleasesPage(ports.database.db, range, cursor, PAGE_SIZE)
    for (const row of await withDetails(ports.database.db, page)) yield toRecord(row)
    const last = page.at(-1)
    if (!last || page.length < PAGE_SIZE) return
    cursor = { releasedAt: last.releasedAt, vehicleRequestId: last.vehicleRequestId }
  }
}

/**
 * GET /admin/releases.csv: every keycode released on the days from..to (UTC, both included), as CSV written by
 * csv-stringify and streamed page by page. The export itself is recorded in the action log.
 */
export async function exportReleases(ports: Uses<'database'>, admin: Principal, days: { from: string; to: string }) {
  const range = { from: new Date(`${days.from}T00:00:00Z`), to: new Date(new Date(`${days.to}T00:00:00Z`).getTime() + DAY_MS) }
  await recordAction(ports.database.db, {
    actorId: admin.id,
    action: 'RELEASES_EXPORTED',
    targetType: 'release_range',
    targetId: `${days.from}..${days.to}`,
  })
  const csv = stringify({
    header: true,
    columns: [...RELEASE_COLUMNS],
    cast: { string: guardFormula },
  })
  const records = Readable.from(releaseRecords(ports, range))
  records.on('error', (error) => csv.destroy(error))
  return records.pipe(csv)
}
