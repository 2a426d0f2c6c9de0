import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { orderReachableBy } from '../../accounts/index.ts'

/**
 * The one rule of who may see or act on an order (the accounts context's orderReachableBy, docs/decisions/039) on
 * this table's columns: a buyer reaches an order of their own, and an order placed for an Enterprise business while
 * still on its team; the business's owner and the managers of its location reach it too.
 */
export const reachableBy = (userId: string | Placeholder | SQL): SQL =>
  orderReachableBy(userId, { buyer: vehicleRequests.userId, business: vehicleRequests.businessId, location: vehicleRequests.locationId })

/**
 * Which of these accounts reach this order by the access rule: the audience of its status events (the buyer, the
 * business's owner, the managers of its location, never anyone the rule does not name). One read, each account
 * weighed by the rule's own text against the order's row.
 */
export async function findAccountsReaching(db: DbExecutor, requestId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  // One array parameter, however many streams a process holds: parsing and binding do not grow with them.
  const rows = (await db.execute(sql`
    select listener.id from unnest(${`{${userIds.join(',')}}`}::uuid[]) as listener(id)
    where exists (select 1 from ${vehicleRequests} where ${vehicleRequests.id} = ${requestId} and ${reachableBy(sql`listener.id`)})
  `)) as unknown as { rows: { id: string }[] }
  return rows.rows.map((row) => row.id)
}

/** A buyer's own order, under the access rule: a person who left the team no longer reaches the business's orders. */
export const boughtAndReachable = (userId: string | Placeholder) => and(eq(vehicleRequests.userId, userId), reachableBy(userId))

/** Whether the member is this order's buyer and still reaches it by the access rule (docs/decisions/039). */
export async function isBoughtAndReachable(db: DbExecutor, userId: string, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.id, requestId), boughtAndReachable(userId)))
    .limit(1)
  return row !== undefined
}
