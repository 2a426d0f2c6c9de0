import {
  GUEST_UPLOAD_BYTES_PER_ADDRESS_PER_DAY,
  GUEST_UPLOAD_BYTES_PER_DAY,
  MEMBER_STORED_MAX_BYTES,
  MEMBER_UPLOAD_BYTES_PER_DAY,
} from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'

/** Who a stored file counts against: a member, or a guest at the address the upload came from. */
export type FileOwner = { ownerUserId: string } | { guestId: string; address: string | null }

const SHARE_LOCK_SPACE = 0x4b455946 // 'KEYF': the storage shares' transaction locks, apart from the job locks
const GUESTS_LOCK = 0

const bytesOf = async (db: DbExecutor, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: { bytes: string | number | null }[] }
  return Number(result.rows[0]?.bytes ?? 0)
}

/**
 * The one storage rule (docs/product.md, 'Constants'): every file row is written through here, whatever it is
 * (documents, request photos, profile photo), so every file a member or guest can make the server keep is counted.
 * A member's files of the last 24 hours stay within MEMBER_UPLOAD_BYTES_PER_DAY and all of them within
 * MEMBER_STORED_MAX_BYTES; guests' within GUEST_UPLOAD_BYTES_PER_ADDRESS_PER_DAY per address and
 * GUEST_UPLOAD_BYTES_PER_DAY together. Counted from the rows themselves, so whatever a sweep or a replacement
 * removes is free again at once. A transaction lock per member (one for all guests) makes parallel uploads wait for
 * each other's count, so two cannot both fit in the last bytes. 413 with the share's own words otherwise.
 */
export async function reserveStorage(db: DbExecutor, owner: FileOwner, addedBytes: number): Promise<void> {
  if ('ownerUserId' in owner) {
    await db.execute(sql`select pg_advisory_xact_lock(${SHARE_LOCK_SPACE}, hashtext(${owner.ownerUserId}))`)
    const result = (await db.execute(sql`
      select coalesce(sum(size_bytes), 0) as total,
             coalesce(sum(size_bytes) filter (where created_at > now() - interval '24 hours'), 0) as today
      from files where owner_user_id = ${owner.ownerUserId}`)) as unknown as { rows: { total: string | number; today: string | number }[] }
    const row = result.rows[0]
    if (Number(row?.today ?? 0) + addedBytes > MEMBER_UPLOAD_BYTES_PER_DAY)
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.memberDailyShareFull)
    if (Number(row?.total ?? 0) + addedBytes > MEMBER_STORED_MAX_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.memberShareFull)
    return
  }
  await db.execute(sql`select pg_advisory_xact_lock(${SHARE_LOCK_SPACE}, ${GUESTS_LOCK})`)
  if (owner.address !== null) {
    const fromAddress = await bytesOf(
      db,
      sql`select sum(size_bytes) as bytes from files
          where guest_id is not null and uploader_address = ${owner.address} and created_at > now() - interval '24 hours'`,
    )
    if (fromAddress + addedBytes > GUEST_UPLOAD_BYTES_PER_ADDRESS_PER_DAY)
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.guestShareFull)
  }
  const allGuests = await bytesOf(
    db,
    sql`select sum(size_bytes) as bytes from files where guest_id is not null and created_at > now() - interval '24 hours'`,
  )
  if (allGuests + addedBytes > GUEST_UPLOAD_BYTES_PER_DAY) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.guestsShareFull)
}
