import type { OrderTracker } from '@keydesk/contracts/vehicle-request'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { complianceDocuments } from '../../db/schema/compliance.ts'
import { vehicleRequests } from '../../db/schema/ordering.ts'
import { users } from '../../db/schema/users.ts'
import { AppError } from '../../errors.ts'

/**
 * The tracker steps, in three indexed lookups. Each step is true only once it has happened: the account and the
 * documents are the member's; with a requestId, PROCESSING and COMPLETED are that order's own (started, fulfilled),
 * and another member's order answers like a missing one.
 */
export async function readOrderTracker(db: DbExecutor, userId: string, requestId?: string): Promise<OrderTracker> {
  const [user] = await db.select({ isValidatedUser: users.isValidatedUser }).from(users).where(eq(users.id, userId))
  const [documents] = await db
    .select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${complianceDocuments.verified} = true)::int`,
    })
    .from(complianceDocuments)
    .where(eq(complianceDocuments.userId, userId))
  if (requestId) {
    const [order] = await db
      .select({ status: vehicleRequests.status })
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.id, requestId), eq(vehicleRequests.userId, userId)))
    if (!order) throw new AppError('NOT_FOUND', 'Vehicle request not found.')
    return {
      ACCOUNT: user?.isValidatedUser ?? false,
      DOCS: (documents?.total ?? 0) > 0 && documents?.total === documents?.approved,
      PROCESSING: order.status !== 'PENDING',
      COMPLETED: order.status === 'FULFILLED',
    }
  }
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
