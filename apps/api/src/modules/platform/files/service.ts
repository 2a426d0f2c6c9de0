import { notFound } from '../../../errors.ts'
import { extensionOfType } from '../../../lib/stored-file-types.ts'
import { actsAsAdmin } from '../../../plugins/app/auth.ts'
import type { Database, FileStorage, Principal } from '../../../ports.ts'
import { findFileRow } from './repository.ts'

const FILE_NOT_FOUND = 'File not found.'

/**
 * Whether a file is a photo of an order and whether the viewer reaches that order by the one access rule of orders
 * (docs/decisions/039). The ordering context answers it: it is handed to the files routes where the app is assembled,
 * since platform sits below ordering.
 */
export type OrderPhotoAccess = (
  db: Database,
  viewerId: string,
  ownerId: string,
  fileId: string,
) => Promise<{ onOrder: boolean; reachable: boolean }>

/**
 * A stored upload, to an admin, or to whom it concerns: a photo sent with an order to whom the order's access rule
 * gives the order (its buyer while they reach it, the business's owner, a manager of its location), any other upload
 * to its owner. Anyone else gets the same 404 as for a file that does not exist, so ids reveal nothing.
 */
export async function readFile(db: Database, storage: FileStorage, viewer: Principal, fileId: string, orderPhotos: OrderPhotoAccess) {
  const found = await findFileRow(db, fileId)
  const file = found && (viewer.adminPowers || (await concernsViewer(db, viewer.id, found, orderPhotos))) ? found : null
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

async function concernsViewer(
  db: Database,
  viewerId: string,
  file: { id: string; ownerUserId: string | null },
  orderPhotos: OrderPhotoAccess,
) {
  if (!file.ownerUserId) return false
  const order = await orderPhotos(db, viewerId, file.ownerUserId, file.id)
  return order.onOrder ? order.reachable : file.ownerUserId === viewerId
}
