import { PROBLEM_DECLINE_REASONS, type ProblemReportStatus, type ProblemReportView } from '@keydesk/contracts/problem-reports'
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { problemReports } from '../../../db/schema/refunds.ts'

export type ProblemReportRow = typeof problemReports.$inferSelect

/** A buyer's report; undefined when this order already has one for this reason (the unique index decides). */
export async function insertProblemReport(
  db: DbExecutor,
  values: typeof problemReports.$inferInsert,
): Promise<ProblemReportRow | undefined> {
  const [row] = await db
    .insert(problemReports)
    .values(values)
    .onConflictDoNothing({ target: [problemReports.vehicleRequestId, problemReports.reason] })
    .returning()
  return row
}

/** The reports on these orders, oldest first, by order: what the buyer's views show under each. */
export async function findReportsOfRequests(db: DbExecutor, requestIds: string[]) {
  const byRequest = new Map<string, ProblemReportRow[]>()
  if (requestIds.length === 0) return byRequest
  const rows = await db
    .select()
    .from(problemReports)
    .where(inArray(problemReports.vehicleRequestId, requestIds))
    .orderBy(asc(problemReports.createdAt))
  for (const row of rows) byRequest.set(row.vehicleRequestId, [...(byRequest.get(row.vehicleRequestId) ?? []), row])
  return byRequest
}

export async function findProblemReport(db: DbExecutor, id: string): Promise<ProblemReportRow | undefined> {
  const [row] = await db.select().from(problemReports).where(eq(problemReports.id, id))
  return row
}

/** The newest reports on a member's orders (the ids come as a subquery from the requests' module). */
export function listReportsOnRequests(db: DbExecutor, requestIds: SQL, limit: number) {
  return db
    .select()
    .from(problemReports)
    .where(sql`${problemReports.vehicleRequestId} in (${requestIds})`)
    .orderBy(desc(problemReports.createdAt))
    .limit(limit)
}

/** One report, its row locked until the transaction ends, so that two admins cannot both answer it. */
export async function lockProblemReport(db: DbExecutor, id: string): Promise<ProblemReportRow | undefined> {
  const [row] = await db.select().from(problemReports).where(eq(problemReports.id, id)).for('update')
  return row
}

/** The answer, written once: undefined when the report was answered already. */
export async function answerProblemReport(
  db: DbExecutor,
  id: string,
  values: Required<Pick<ProblemReportRow, 'status' | 'declineReason' | 'answerNote' | 'answeredBy' | 'answeredAt'>>,
): Promise<ProblemReportRow | undefined> {
  const [row] = await db
    .update(problemReports)
    .set(values)
    .where(and(eq(problemReports.id, id), eq(problemReports.status, 'OPEN')))
    .returning()
  return row
}

/** A refund of the order, by whatever path, answers its reports still open: there is nothing left to decide on them. */
export async function answerOpenReportsByRefund(
  db: DbExecutor,
  requestId: string,
  values: { answerNote: string; answeredBy: string | null; answeredAt: Date },
) {
  await db
    .update(problemReports)
    .set({ status: 'REFUNDED', declineReason: null, ...values })
    .where(and(eq(problemReports.vehicleRequestId, requestId), eq(problemReports.status, 'OPEN')))
}

/**
 * One page of the back office's reports in one status: open ones by their review deadline, earliest first (the
 * partial index problem_reports_open_idx), answered ones newest answer first; with the status's total.
 */
export async function listProblemReports(db: DbExecutor, status: ProblemReportStatus, offset: number, limit: number) {
  const order =
    status === 'OPEN'
      ? [asc(problemReports.reviewDueAt), asc(problemReports.id)]
      : [desc(problemReports.answeredAt), asc(problemReports.id)]
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(problemReports)
      .where(eq(problemReports.status, status))
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(problemReports).where(eq(problemReports.status, status)),
  ])
  return { rows, total: total?.total ?? 0 }
}

/** The open reports, counted for the back office's tab. */
export async function countOpenProblemReports(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(problemReports).where(eq(problemReports.status, 'OPEN'))
  return row?.total ?? 0
}

/** A report as its buyer reads it. */
export const problemReportView = (row: ProblemReportRow): ProblemReportView => ({
  id: row.id,
  reason: row.reason,
  message: row.message,
  status: row.status,
  reviewDueAt: row.reviewDueAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  declineReason: row.declineReason ? PROBLEM_DECLINE_REASONS[row.declineReason] : null,
  answerNote: row.answerNote,
  answeredAt: row.answeredAt?.toISOString() ?? null,
})
