import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { files } from '../../../db/schema/files.ts'
import type { CleanImage } from '../../../lib/image-upload.ts'
import { type FileOwner, reserveStorage } from './storage-share.ts'

/** Which of these storage keys a `files` row points at. */
export async function findReferencedStorageKeys(db: DbExecutor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, keys))
  return new Set(rows.map((row) => row.key))
}

/** One stored file, if `viewerId` owns it; any file for an admin (`viewerId` null). */
export async function findFileRow(db: DbExecutor, fileId: string) {
  const [file] = await db.select().from(files).where(eq(files.id, fileId)).limit(1)
  return file ?? null
}

/** Deletes file rows and answers their storage keys, for the caller to remove once the transaction commits. */
export async function deleteFileRows(db: DbExecutor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db.delete(files).where(inArray(files.id, ids)).returning({ storageKey: files.storageKey })
  return rows.map((row) => row.storageKey)
}

export function listFilesOfOwner(db: DbExecutor, userId: string) {
  return db.select({ id: files.id, key: files.storageKey }).from(files).where(eq(files.ownerUserId, userId))
}

export function listFilesOfGuests(db: DbExecutor, guestIds: string[]) {
  return db.select({ id: files.id, key: files.storageKey }).from(files).where(inArray(files.guestId, guestIds))
}

/** Inserts one member's file row, within the member's storage share (storage-share.ts). */
export async function insertFileRow(
  db: DbExecutor,
  values: { ownerUserId: string; storageKey: string; contentType: string; sizeBytes: number; purpose: string },
): Promise<string> {
  await reserveStorage(db, { ownerUserId: values.ownerUserId }, values.sizeBytes)
  const [row] = await db.insert(files).values(values).returning({ id: files.id })
  if (!row) throw new Error('file insert returned nothing')
  return row.id
}

/** Inserts `files` rows for stored images, within their owner's storage share, and answers their ids by purpose. */
export async function insertFileRows(
  tx: DbExecutor,
  owner: FileOwner,
  stored: { purpose: string; key: string; image: CleanImage }[],
): Promise<Map<string, string>> {
  if (stored.length === 0) return new Map()
  await reserveStorage(
    tx,
    owner,
    stored.reduce((sum, item) => sum + item.image.data.length, 0),
  )
  const rows = await tx
    .insert(files)
    .values(
      stored.map((item) => ({
        ownerUserId: 'ownerUserId' in owner ? owner.ownerUserId : null,
        guestId: 'guestId' in owner ? owner.guestId : null,
        uploaderAddress: 'guestId' in owner ? owner.address : null,
        storageKey: item.key,
        contentType: item.image.contentType,
        sizeBytes: item.image.data.length,
        purpose: item.purpose,
      })),
    )
    .returning({ id: files.id, purpose: files.purpose })
  return new Map(rows.map((row) => [row.purpose, row.id]))
}

/** The bytes each of these files takes, by file id. */
export async function findFileSizes(db: DbExecutor, fileIds: string[]): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map()
  const rows = await db.select({ id: files.id, bytes: files.sizeBytes }).from(files).where(inArray(files.id, fileIds))
  return new Map(rows.map((row) => [row.id, row.bytes]))
}

/**
 * Deletes those of these file rows that no account owns (a guest's uploads, a purged account's), answering their
 * storage keys; an account's own files go with the account (docs/decisions/035).
 */
export async function deleteUnownedFileRows(db: DbExecutor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .delete(files)
    .where(and(inArray(files.id, ids), isNull(files.ownerUserId)))
    .returning({ storageKey: files.storageKey })
  return rows.map((row) => row.storageKey)
}
