import { sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'

/** Re-derives the order status of the paid orders holding this request (the least advanced of their requests). */
export async function refreshOrderStatus(db: DbExecutor, vehicleRequestId: string) {
  await db.execute(sql`
    update transactions t set order_status = (
      select min(vr.status) from transaction_requests tr
      join vehicle_requests vr on vr.id = tr.vehicle_request_id
      where tr.transaction_id = t.id
    )
    where t.order_status is not null
      and t.id in (select transaction_id from transaction_requests where vehicle_request_id = ${vehicleRequestId})`)
}
