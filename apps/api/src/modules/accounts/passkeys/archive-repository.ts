import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { passkeys } from '../../../db/schema/passkeys.ts'

/** The account's passkeys by name and dates only, for its data archive: no credential id nor public key is selected. */
export function listPasskeysForArchive(db: DbExecutor, userId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      transports: passkeys.transports,
      backedUp: passkeys.backedUp,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
}
