import { NOTICES_SHOWN, type Notice } from '@keydesk/contracts/notices'
import type { DbExecutor } from '../../../db/database.ts'
import type { Database } from '../../../ports.ts'
import { findNoticesFor, insertNotice } from './repository.ts'

export async function readNotices(db: Database, userId: string): Promise<Notice[]> {
  const rows = await findNoticesFor(db, userId, NOTICES_SHOWN)
  return rows.map((row) => ({ id: row.id, title: row.title, message: row.message, date: row.createdAt.toISOString() }))
}

/** Posts a notice to one member's banner (or every member's with a null user). */
export function postNotice(db: DbExecutor, notice: { userId: string | null; title: string; message: string }): Promise<void> {
  return insertNotice(db, notice)
}
