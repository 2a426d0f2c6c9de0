import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { openDatabase } from '../db/database.ts'
import { files } from '../db/schema/files.ts'
import { vehicleRequests } from '../db/schema/ordering.ts'
import { sandboxCheckoutSessions, transactions } from '../db/schema/payments.ts'
import { REQUEST_PHOTO_COLUMNS } from '../modules/ordering/requests/photo-columns.ts'
import type { LoadRecord } from './write-load.ts'

export interface StoredWrites {
  requestsFound: number
  /** Requests answered 201 that have no row. */
  lostRequests: string[]
  /** Files the found requests point at that are not in storage. */
  missingFiles: string[]
  /** Checkouts answered 303 whose session is stored as paid. */
  paidSessionsFound: number
  /** Orders confirmed 200 whose transaction is not PAID. */
  unfulfilledOrders: string[]
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

/** Reads back, from the database and the upload folder, everything a load was told was stored. */
export async function checkStoredWrites(databaseUrl: string, uploadsDir: string, record: LoadRecord): Promise<StoredWrites> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl })
  try {
    const db = database.db
    const ids = [...record.requestIds]
    const rows = ids.length > 0 ? await db.select().from(vehicleRequests).where(inArray(vehicleRequests.id, ids)) : []
    const found = new Set(rows.map((row) => row.id))
    const fileIds = rows.flatMap((row) => REQUEST_PHOTO_COLUMNS.map((column) => row[column]).filter((id): id is string => id !== null))
    const fileRows = fileIds.length > 0 ? await db.select().from(files).where(inArray(files.id, fileIds)) : []
    const missingFiles = fileIds.filter((id) => !fileRows.some((file) => file.id === id))
    for (const file of fileRows) if (!(await exists(path.join(uploadsDir, file.storageKey)))) missingFiles.push(file.storageKey)

    const paidIds = [...record.paidSessionIds]
    const paid =
      paidIds.length > 0
        ? await db
            .select({ id: sandboxCheckoutSessions.id })
            .from(sandboxCheckoutSessions)
            .where(and(inArray(sandboxCheckoutSessions.id, paidIds), eq(sandboxCheckoutSessions.status, 'complete')))
            .then((sessions) => sessions.length)
        : 0
    const unfulfilledOrders: string[] = []
    for (const sessionId of record.fulfilledSessionIds) {
      const [order] = await db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.providerSessionId, sessionId))
      if (order?.status !== 'PAID') unfulfilledOrders.push(sessionId)
    }
    return {
      requestsFound: found.size,
      lostRequests: ids.filter((id) => !found.has(id)),
      missingFiles,
      paidSessionsFound: paid,
      unfulfilledOrders,
    }
  } finally {
    await database.close()
  }
}

/** Every storage key in the upload folder (two-character folders of generated names). */
export async function listUploadKeys(uploadsDir: string): Promise<string[]> {
  const folders = await readdir(uploadsDir).catch(() => [] as string[])
  const keys: string[] = []
  for (const folder of folders) for (const name of await readdir(path.join(uploadsDir, folder))) keys.push(`${folder}/${name}`)
  return keys
}

/** Every storage key a `files` row points at. */
export async function listReferencedKeys(databaseUrl: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl })
  try {
    return (await database.db.select({ key: files.storageKey }).from(files)).map((row) => row.key)
  } finally {
    await database.close()
  }
}
