import { desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { subscriptions } from '../../db/schema/payments.ts'
import { users } from '../../db/schema/users.ts'

/** GET /admin/subscriptions (docs/product.md §12 "Admin-list subscription"): newest first; a revoked user's e-mail is not shown. */
export async function listAdminSubscriptions(db: DbExecutor, limit: number, offset: number) {
  const rows = await db
    .select({ id: subscriptions.id, tier: subscriptions.tier, status: subscriptions.status, email: users.email, isActive: users.isActive })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(limit)
    .offset(offset)
  return rows.map((row) => ({ id: row.id, tier: row.tier, status: row.status, userEmail: row.isActive ? row.email : null }))
}
