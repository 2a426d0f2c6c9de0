import { desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { complianceDocuments } from '../../db/schema/compliance.ts'

/** Every compliance document of one member, newest first (a member holds a handful, not thousands). */
export function findComplianceDocuments(db: DbExecutor, userId: string) {
  return db
    .select({ docType: complianceDocuments.docType, verified: complianceDocuments.verified, uploadedAt: complianceDocuments.uploadedAt })
    .from(complianceDocuments)
    .where(eq(complianceDocuments.userId, userId))
    .orderBy(desc(complianceDocuments.uploadedAt), desc(complianceDocuments.id))
}

export async function insertComplianceDocuments(db: DbExecutor, rows: { userId: string; fileId: string; docType: string }[]) {
  if (rows.length > 0) await db.insert(complianceDocuments).values(rows)
}
