import type { OrderTracker } from '@keydesk/contracts/vehicle-request'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { complianceDocuments } from '../../db/schema/compliance.ts'
import { vehicleRequests } from '../../db/schema/ordering.ts'
import { users } from '../../db/schema/users.ts'

/** The tracker steps for one user, in three indexed lookups. */
export async function readOrderTracker(db: DbExecutor, userId: string): Promise<OrderTracker> {
  const [user] = await db.select({ isValidatedUser: users.isValidatedUser }).from(users).where(eq(users.id, userId))
  const [documents] = await db
    .select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${complianceDocuments.verified} = true)::int`,
    })
    .from(complianceDocuments)
    .where(eq(complianceDocuments.userId, userId))
  const [orders] = await db
    .select({
      inProgress: sql<number>`count(*) filter (where ${vehicleRequests.status} = 'INPROGRESS')::int`,
      fulfilled: sql<number>`count(*) filter (where ${vehicleRequests.status} = 'FULFILLED')::int`,
    })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.userId, userId), isNotNull(vehicleRequests.paidAt)))
  return {
    ACCOUNT: user?.isValidatedUser ?? false,
    DOCS: (documents?.total ?? 0) > 0 && documents?.total === documents?.approved,
    PROCESSING: (orders?.inProgress ?? 0) > 0,
    COMPLETED: (orders?.fulfilled ?? 0) > 0,
  }
}
