import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { complianceDocuments } from '../../../db/schema/compliance.ts'

/** Every compliance document row of the account, for its data archive. */
export function listDocumentRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(complianceDocuments)
    .where(eq(complianceDocuments.userId, userId))
    .orderBy(asc(complianceDocuments.uploadedAt), asc(complianceDocuments.id))
}
