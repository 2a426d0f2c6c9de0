import { notFound } from '../../../errors.ts'
import { extensionOfType } from '../../../lib/stored-file-types.ts'
import { actsAsAdmin } from '../../../plugins/auth.ts'
import type { Database, FileStorage, Principal } from '../../../ports.ts'
import { findViewableFile } from './repository.ts'

const FILE_NOT_FOUND = 'File not found.'

/**
 * A stored upload, to its owner or to an admin only. Anyone else gets the same 404 as for a file that does not
 * exist, so ids reveal nothing.
 */
export async function readFile(db: Database, storage: FileStorage, viewer: Principal, fileId: string) {
  const file = await findViewableFile(db, fileId, viewer.adminPowers ? null : viewer.id)
  if (!file) {
    // Someone else's file: an admin account still without its second factor hears why, anyone else learns nothing.
    actsAsAdmin(viewer)
    throw notFound(FILE_NOT_FOUND)
  }
  const data = await storage.get(file.storageKey).catch(() => {
    throw notFound(FILE_NOT_FOUND)
  })
  const name = `${file.purpose.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${file.id}.${extensionOfType(file.contentType)}`
  return { data, contentType: file.contentType, name }
}
