import { type AnyColumn, and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { outerColumn } from '../../../db/outer-column.ts'
import { complianceDocuments } from '../../../db/schema/compliance.ts'

/**
 * A member's compliance documents, oldest first, as a JSON array other modules' reads embed by the user id they
 * hold (compliance_documents_user_idx serves it).
 */
export const documentSummariesOf = (userId: AnyColumn) =>
  sql<{ docType: string; verified: boolean | null }[]>`coalesce((
  select json_agg(json_build_object('docType', ${complianceDocuments.docType}, 'verified', ${complianceDocuments.verified}) order by ${complianceDocuments.uploadedAt})
  from ${complianceDocuments} where ${complianceDocuments.userId} = ${outerColumn(userId)}
), '[]'::json)`

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

/**
 * The files of a member's compliance documents, read while their rows are locked against a parallel upload. The
 * read is a statement of its own after the lock, so it also sees the rows an upload we waited for committed.
 */
export async function lockDocumentFileIds(db: DbExecutor, userId: string): Promise<string[]> {
  await db.execute(sql`select 1 from ${complianceDocuments} where ${complianceDocuments.userId} = ${userId} for update`)
  const rows = await db
    .select({ fileId: complianceDocuments.fileId })
    .from(complianceDocuments)
    .where(eq(complianceDocuments.userId, userId))
  return rows.map((row) => row.fileId)
}

/** Removes the member's documents of these kinds and answers their files' ids. */
export async function removeDocumentsOfKinds(db: DbExecutor, userId: string, docTypes: string[]): Promise<string[]> {
  if (docTypes.length === 0) return []
  const removed = await db
    .delete(complianceDocuments)
    .where(and(eq(complianceDocuments.userId, userId), inArray(complianceDocuments.docType, docTypes)))
    .returning({ fileId: complianceDocuments.fileId })
  return removed.map((row) => row.fileId)
}

/** A user's documents, oldest first, as the admins' review lists them. */
export function listDocumentsForReview(db: DbExecutor, userId: string) {
  return db.select().from(complianceDocuments).where(eq(complianceDocuments.userId, userId)).orderBy(asc(complianceDocuments.uploadedAt))
}

/** Records an admin's review of a document; answers false when there is no such document. */
export async function setDocumentReview(
  db: DbExecutor,
  documentId: string,
  review: { verified: boolean; reviewNotes: string | null; reviewedBy: string; reviewedAt: Date },
) {
  const reviewed = await db
    .update(complianceDocuments)
    .set(review)
    .where(eq(complianceDocuments.id, documentId))
    .returning({ id: complianceDocuments.id })
  return reviewed.length > 0
}

/** How many documents the member has, and how many of them an admin approved. */
export async function countDocuments(db: DbExecutor, userId: string) {
  const [documents] = await db
    .select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${complianceDocuments.verified} = true)::int`,
    })
    .from(complianceDocuments)
    .where(eq(complianceDocuments.userId, userId))
  return { total: documents?.total ?? 0, approved: documents?.approved ?? 0 }
}

/** How many of each member's documents wait for a review, were approved or were rejected, for a page of members at once. */
export async function countDocumentReviews(db: DbExecutor, userIds: string[]) {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({
            userId: complianceDocuments.userId,
            pending: sql<number>`count(*) filter (where ${complianceDocuments.verified} is null)::int`,
            approved: sql<number>`count(*) filter (where ${complianceDocuments.verified} = true)::int`,
            rejected: sql<number>`count(*) filter (where ${complianceDocuments.verified} = false)::int`,
          })
          .from(complianceDocuments)
          .where(inArray(complianceDocuments.userId, userIds))
          .groupBy(complianceDocuments.userId)
  return new Map(rows.map(({ userId, ...counts }) => [userId, counts]))
}

/** The kind and the member of these documents, for a page of the action log at once. */
export async function findDocumentOwners(db: DbExecutor, documentIds: string[]) {
  const rows =
    documentIds.length === 0
      ? []
      : await db
          .select({ id: complianceDocuments.id, docType: complianceDocuments.docType, userId: complianceDocuments.userId })
          .from(complianceDocuments)
          .where(inArray(complianceDocuments.id, documentIds))
  return new Map(rows.map(({ id, ...document }) => [id, document]))
}

/** The ID and insurance documents of these users, newest first. */
export function listIdentityDocuments(db: DbExecutor, userIds: string[]) {
  return db
    .select({ userId: complianceDocuments.userId, docType: complianceDocuments.docType, fileId: complianceDocuments.fileId })
    .from(complianceDocuments)
    .where(
      and(inArray(complianceDocuments.userId, userIds), inArray(complianceDocuments.docType, ['FRONT_ID', 'BACK_ID', 'INSURANCE', 'COI'])),
    )
    .orderBy(desc(complianceDocuments.uploadedAt))
}
