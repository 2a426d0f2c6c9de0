import { and, eq, gt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { orderLinks } from '../../../db/schema/releases.ts'

export async function insertOrderLink(db: DbExecutor, link: { tokenHash: string; vehicleRequestId: string; expiresAt: Date }) {
  await db.insert(orderLinks).values(link)
}

/** The request a live link points at and when the link expires; null for an unknown or expired token. */
export async function findLiveLink(db: DbExecutor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ vehicleRequestId: orderLinks.vehicleRequestId, expiresAt: orderLinks.expiresAt })
    .from(orderLinks)
    .where(and(eq(orderLinks.tokenHash, tokenHash), gt(orderLinks.expiresAt, now)))
    .limit(1)
  return row ?? null
}
