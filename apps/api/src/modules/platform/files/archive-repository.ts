import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { files } from '../../../db/schema/files.ts'

/** Every file row the account owns (documents, order photos, profile images), for its data archive, which adds their bytes. */
export function listFileRowsForArchive(db: DbExecutor, userId: string) {
  return db.select().from(files).where(eq(files.ownerUserId, userId)).orderBy(asc(files.createdAt), asc(files.id))
}
