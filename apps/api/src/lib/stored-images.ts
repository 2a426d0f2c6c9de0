import type { DbExecutor } from '../db/database.ts'
import type { Database, FileStorage } from '../ports.ts'
import { isDatabaseUnreachable } from './database-unreachable.ts'
import type { CleanImage } from './image-upload.ts'

export interface ImageToStore {
  purpose: string
  image: CleanImage
}

/**
 * Writes already-validated images to storage, then runs `saveRows` (which must insert the rows that point at
 * them) inside one transaction. If anything fails, the written files are removed, so no file is left without
 * a row and no row points at a missing file. One exception: when the database went away, the commit may have
 * landed without its answer reaching us, so the files stay and the orphan-file sweep removes them if no row did.
 */
export async function storeImagesWithRows<T>(
  storage: FileStorage,
  db: Database,
  images: ImageToStore[],
  saveRows: (tx: DbExecutor, stored: { purpose: string; key: string; image: CleanImage }[]) => Promise<T>,
): Promise<T> {
  const stored: { purpose: string; key: string; image: CleanImage }[] = []
  try {
    for (const item of images) stored.push({ ...item, key: await storage.put(item.image.data, item.image.extension) })
    return await db.transaction((tx) => saveRows(tx, stored))
  } catch (error) {
    if (!isDatabaseUnreachable(error)) await Promise.all(stored.map((item) => storage.remove(item.key).catch(() => undefined)))
    throw error
  }
}
