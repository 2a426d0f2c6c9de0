import type { Uses } from '../../ports.ts'
import { listPlansWithMembers } from './repository.ts'

/** GET /admin/subscriptions (docs/product.md §12 "Admin-list subscription"): newest first; a revoked user's e-mail is not shown. */
export async function listAdminSubscriptions(ports: Uses<'database'>, page: { limit: number; offset: number }) {
  const rows = await listPlansWithMembers(ports.database.db, page.limit, page.offset)
  return rows.map((row) => ({ id: row.id, tier: row.tier, status: row.status, userEmail: row.isActive ? row.email : null }))
}
