import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { jobRecords } from '../../../db/schema/ordering.ts'
import { startsWith } from '../../../db/starts-with.ts'

export type JobRecordRow = typeof jobRecords.$inferSelect

/** Writes the fields given (undefined keeps a field; null clears it) of the job of a request, creating it on first write. */
export async function saveJobRecord(
  db: DbExecutor,
  values: Pick<JobRecordRow, 'vehicleRequestId' | 'userId'> & Partial<Omit<JobRecordRow, 'vehicleRequestId' | 'userId' | 'createdAt'>>,
  now: Date,
): Promise<JobRecordRow> {
  const { vehicleRequestId, userId, ...fields } = values
  const [row] = await db
    .insert(jobRecords)
    .values({ vehicleRequestId, userId, ...fields, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: jobRecords.vehicleRequestId, set: { ...fields, updatedAt: now } })
    .returning()
  if (!row) throw new Error('job record upsert returned nothing')
  return row
}

/**
 * What a search matches among a member's jobs: the start of the customer's name, the last digits of the phone (at
 * least four), the plate, or a request id another module's subquery finds (its VIN, its confirmation number). Each
 * is a range of one of the member's indexes.
 */
export function jobSearch(
  userId: string,
  term: { lowered: string; phoneDigits: string; plateKey: string },
  requestIdSubqueries: SQL[],
): SQL {
  const matches: SQL[] = [sql`lower(${jobRecords.customerName}) like ${startsWith(term.lowered)}`]
  if (term.phoneDigits.length >= 4) {
    matches.push(sql`reverse(${jobRecords.phoneDigits}) like ${startsWith([...term.phoneDigits].reverse().join(''))}`)
  }
  if (term.plateKey) matches.push(eq(jobRecords.plateKey, term.plateKey))
  for (const subquery of requestIdSubqueries) matches.push(sql`${jobRecords.vehicleRequestId} in (${subquery})`)
  return and(eq(jobRecords.userId, userId), or(...matches)) as SQL
}

/** One page of the member's jobs a condition selects, the latest changed first. */
export function findJobPage(db: DbExecutor, where: SQL, limit: number, offset: number) {
  return db
    .select()
    .from(jobRecords)
    .where(where)
    .orderBy(desc(jobRecords.updatedAt), desc(jobRecords.vehicleRequestId))
    .limit(limit)
    .offset(offset)
}

export async function countJobs(db: DbExecutor, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(jobRecords).where(where)
  return row?.total ?? 0
}

export const jobsOf = (userId: string): SQL => eq(jobRecords.userId, userId)

/** The job of one of the member's own requests; none when the member has not written one (or the request is not theirs). */
export async function findJobRecord(db: DbExecutor, userId: string, requestId: string): Promise<JobRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(jobRecords)
    .where(and(eq(jobRecords.userId, userId), eq(jobRecords.vehicleRequestId, requestId)))
    .limit(1)
  return row
}
