import { GUEST_INFO_TTL_MS } from '@keydesk/contracts/limits'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { guests } from '../../db/schema/ordering.ts'

/** A guest that exists and has not expired (docs/product.md §11: guest info lasts 24 hours). */
export async function findLiveGuest(db: DbExecutor, guestId: string) {
  const [guest] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.id, guestId), gt(guests.expiresAt, sql`now()`)))
    .limit(1)
  return guest
}

export async function createGuest(db: DbExecutor) {
  const [guest] = await db
    .insert(guests)
    .values({ expiresAt: new Date(Date.now() + GUEST_INFO_TTL_MS) })
    .returning()
  if (!guest) throw new Error('guest insert returned nothing')
  return guest
}
