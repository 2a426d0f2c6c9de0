import { GUEST_INFO_TTL_MS } from '@keydesk/contracts/limits'
import { and, eq, gt, inArray, lte } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { guests } from '../../../db/schema/ordering.ts'

/** A guest that exists and has not expired at `now` (docs/product.md, 'Guests': a guest lasts 24 hours). */
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

/** The ids of up to `limit` guests whose time has passed at `now`. */
export async function listExpiredGuestIds(db: DbExecutor, now: Date, limit: number): Promise<string[]> {
  const expired = await db.select({ id: guests.id }).from(guests).where(lte(guests.expiresAt, now)).limit(limit)
  return expired.map((guest) => guest.id)
}

export async function deleteGuests(db: DbExecutor, guestIds: string[]) {
  await db.delete(guests).where(inArray(guests.id, guestIds))
}
