import { GUEST_INFO_TTL_MS } from '@keydesk/contracts/limits'
import { and, eq, gt } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { guests } from '../../db/schema/ordering.ts'

/** A guest that exists and has not expired at `now` (docs/product.md §11: guest info lasts 24 hours). */
export async function findLiveGuest(db: DbExecutor, guestId: string, now: Date) {
  const [guest] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.id, guestId), gt(guests.expiresAt, now)))
    .limit(1)
  return guest
}

export async function createGuest(db: DbExecutor, now: Date) {
  const [guest] = await db
    .insert(guests)
    .values({ expiresAt: new Date(now.getTime() + GUEST_INFO_TTL_MS) })
    .returning()
  if (!guest) throw new Error('guest insert returned nothing')
  return guest
}
