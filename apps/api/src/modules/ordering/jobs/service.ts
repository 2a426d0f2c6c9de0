import {
  JOB_MESSAGES,
  type JobListEntry,
  type JobRecord,
  type JobRecordBody,
  type JobsAnswer,
  phoneDigits,
  plateKey,
} from '@keydesk/contracts/jobs'
import type { SQL } from 'drizzle-orm'
import { AppError } from '../../../errors.ts'
import type { Database, Uses } from '../../../ports.ts'
import { ownRequestIdsOfConfirmation } from '../orders/repository.ts'
import { findOwnRequestStatus, findOwnRequestsForJobs, ownRequestIdsByVin } from '../requests/member-requests-repository.ts'
import { countJobs, findJobPage, findJobRecord, type JobRecordRow, jobSearch, jobsOf, saveJobRecord } from './repository.ts'

/** The shortest end of a VIN a search reads as one (a caller reads out its last digits). */
const VIN_END_MIN = 4

const view = (row: JobRecordRow): JobRecord => ({
  requestId: row.vehicleRequestId,
  customerName: row.customerName,
  customerPhone: row.customerPhone,
  jobAddress: row.jobAddress,
  plate: row.plate,
  notes: row.notes,
  updatedAt: row.updatedAt.toISOString(),
})

/** A field as stored: left out is kept (undefined), an empty one is cleared (null). */
const stored = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value)

/**
 * PUT /vehicle/requests/{id}/job (docs/decisions/036): the member writes the job of one of their own requests, paid or
 * not; another's request, or a guest's, is not found. The phone and plate keep their searchable forms beside them.
 */
export async function saveJob(
  ports: Uses<'database' | 'clock'>,
  userId: string,
  requestId: string,
  body: JobRecordBody,
): Promise<JobRecord> {
  const db = ports.database.db
  if (!(await findOwnRequestStatus(db, userId, requestId))) throw new AppError('NOT_FOUND', JOB_MESSAGES.notFound)
  const phone = stored(body.customerPhone)
  const plate = stored(body.plate)
  const row = await saveJobRecord(
    db,
    {
      vehicleRequestId: requestId,
      userId,
      customerName: stored(body.customerName),
      customerPhone: phone,
      phoneDigits: phone === undefined ? undefined : phone === null ? null : phoneDigits(phone),
      jobAddress: stored(body.jobAddress),
      plate,
      plateKey: plate === undefined ? undefined : plate === null ? null : plateKey(plate),
      notes: stored(body.notes),
    },
    ports.clock.now(),
  )
  return view(row)
}

/** GET /vehicle/requests/{id}/job: the job the member wrote for their own request, null before one is written. */
export async function readJob(db: Database, userId: string, requestId: string): Promise<JobRecord | null> {
  const [request, row] = await Promise.all([findOwnRequestStatus(db, userId, requestId), findJobRecord(db, userId, requestId)])
  if (!request) throw new AppError('NOT_FOUND', JOB_MESSAGES.notFound)
  return row ? view(row) : null
}

/** The condition a search term sets on the member's jobs; none lists them all. */
function searchCondition(userId: string, search: string | undefined): SQL {
  const term = search?.trim() ?? ''
  if (!term) return jobsOf(userId)
  const requestIds = [ownRequestIdsOfConfirmation(userId, term)]
  if (term.replace(/\s/g, '').length >= VIN_END_MIN) requestIds.push(ownRequestIdsByVin(userId, term.replace(/\s/g, '')))
  return jobSearch(userId, { lowered: term.toLowerCase(), phoneDigits: phoneDigits(term), plateKey: plateKey(term) }, requestIds)
}

/** GET /user/jobs: one page of the member's jobs with their orders, found by a search or all, the latest changed first. */
export async function readJobs(
  db: Database,
  userId: string,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<JobsAnswer> {
  const where = searchCondition(userId, query.search)
  const [total, rows] = await Promise.all([countJobs(db, where), findJobPage(db, where, query.pageSize, (query.page - 1) * query.pageSize)])
  const orders = new Map(
    (
      await findOwnRequestsForJobs(
        db,
        userId,
        rows.map((row) => row.vehicleRequestId),
      )
    ).map((order) => [order.id, order]),
  )
  const jobs = rows.flatMap((row): JobListEntry[] => {
    const order = orders.get(row.vehicleRequestId)
    if (!order) return []
    const { id: _id, ...shown } = order
    return [{ ...view(row), order: shown }]
  })
  return { jobs, total, page: query.page, pageSize: query.pageSize }
}
