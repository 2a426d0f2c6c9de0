import { desc, eq, isNull, or } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { notices } from '../../../db/schema/member.ts'

/** Notices for everyone and for this member, newest first. */
export function findNoticesFor(db: DbExecutor, userId: string, limit: number) {
  return db
    .select({ id: notices.id, title: notices.title, message: notices.message, createdAt: notices.createdAt })
    .from(notices)
    .where(or(eq(notices.userId, userId), isNull(notices.userId)))
    .orderBy(desc(notices.createdAt))
    .limit(limit)
}

export async function insertNotice(db: DbExecutor, values: { userId: string | null; title: string; message: string }) {
  await db.insert(notices).values(values)
}
