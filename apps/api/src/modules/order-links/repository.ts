import { and, eq, gt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { transactionRequests, transactions } from '../../db/schema/payments.ts'
import { keycodeReleases, orderLinks } from '../../db/schema/releases.ts'

export async function insertOrderLink(db: DbExecutor, link: { tokenHash: string; vehicleRequestId: string; expiresAt: Date }) {
  await db.insert(orderLinks).values(link)
}

/** The one order a live link points at; null for an unknown or expired token. */
export async function findOrderByLink(db: DbExecutor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      vehicleRequestId: vehicleRequests.id,
      status: vehicleRequests.status,
      year: vehicleRequests.year,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
      keycodeEncrypted: vehicleRequests.keycodeEncrypted,
      pincodeEncrypted: vehicleRequests.pincodeEncrypted,
      fulfilledAt: vehicleRequests.fulfilledAt,
      linkExpiresAt: orderLinks.expiresAt,
      confirmationNumber: sql<string | null>`(select ${transactions.confirmationNumber} from ${transactionRequests}
        join ${transactions} on ${transactions.id} = ${transactionRequests.transactionId} and ${transactions.status} = 'PAID'
        where ${transactionRequests.vehicleRequestId} = ${vehicleRequests.id} order by ${transactions.paidAt} limit 1)`,
    })
    .from(orderLinks)
    .innerJoin(vehicleRequests, eq(vehicleRequests.id, orderLinks.vehicleRequestId))
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .where(and(eq(orderLinks.tokenHash, tokenHash), gt(orderLinks.expiresAt, now)))
    .limit(1)
  return row ?? null
}

/** Adds a delivery channel to the release record once (the link may be opened many times). */
export async function addReleaseChannel(db: DbExecutor, vehicleRequestId: string, channel: string) {
  await db
    .update(keycodeReleases)
    .set({ channels: sql`array_append(${keycodeReleases.channels}, ${channel})` })
    .where(and(eq(keycodeReleases.vehicleRequestId, vehicleRequestId), sql`not (${channel} = any(${keycodeReleases.channels}))`))
}
