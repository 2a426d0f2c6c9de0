import { inArray } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { files } from '../../db/schema/files.ts'

/** Which of these storage keys a `files` row points at. */
export async function findReferencedStorageKeys(db: DbExecutor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys))
  return new Set(rows.map((row) => row.key))
}
