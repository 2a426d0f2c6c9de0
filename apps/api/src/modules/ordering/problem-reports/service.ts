import {
  addBusinessDays,
  MEMBER_PROBLEM_REPORTS_LIMIT,
  type MemberProblemReportList,
  PROBLEM_REPORT_MESSAGES,
  PROBLEM_REVIEW_BUSINESS_DAYS,
  type ProblemReason,
  type ProblemReportCreated,
} from '@keydesk/contracts/problem-reports'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import { recordAction } from '../../platform/index.ts'
import { isBoughtAndReachable } from '../requests/reach-repository.ts'
import { paidRequestIdsOfUser } from '../requests/recheck-repository.ts'
import { lockRefundableRequest } from '../requests/refund-hold-repository.ts'
import { insertProblemReport, listReportsOnRequests, problemReportView } from './repository.ts'

/** Who files: a member (their id), or the guest who holds the order's link (null: the link already named the order). */
export interface ProblemFiler {
  userId: string | null
}

/**
 * A buyer reports that a paid order went wrong (docs/decisions/027). Under the order's row lock, so that a refund in
 * flight is seen: another buyer's order answers as no order at all; an unpaid or refunded order is refused; a code
 * cannot have failed before it was released, nor be late before it is due; one report per order and reason.
 */
export async function fileProblemReport(
  ports: Uses<'database' | 'clock'>,
  filer: ProblemFiler,
  requestId: string,
  report: { reason: ProblemReason; message: string },
): Promise<ProblemReportCreated> {
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    const request = await lockRefundableRequest(tx, requestId)
    // A member reports on an order they still reach by the access rule: not one placed for a team they left.
    const reaches = request && filer.userId !== null ? await isBoughtAndReachable(tx, filer.userId, request.id) : true
    if (!request || request.userId !== filer.userId || !reaches) throw new AppError('NOT_FOUND', PROBLEM_REPORT_MESSAGES.notFound)
    if (!request.paidAt) throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.notPaid)
    if (request.status === 'REFUNDED') throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.refunded)
    const released = request.status === 'FULFILLED'
    if (report.reason === 'CODE_DID_NOT_WORK' && !released) throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.notReleased)
    if (report.reason === 'LATE' && !released && request.dueAt && now < request.dueAt) {
      throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.notYetDue)
    }
    const row = await insertProblemReport(tx, {
      vehicleRequestId: request.id,
      userId: filer.userId,
      reason: report.reason,
      message: report.message,
      reviewDueAt: addBusinessDays(now, PROBLEM_REVIEW_BUSINESS_DAYS),
      createdAt: now,
    })
    if (!row) throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.duplicate)
    await recordAction(tx, {
      actorId: filer.userId,
      action: 'PROBLEM_REPORTED',
      targetType: 'vehicle_request',
      targetId: request.id,
      details: { reason: report.reason, reportId: row.id, guest: filer.userId === null },
    })
    return { message: PROBLEM_REPORT_MESSAGES.sent, report: problemReportView(row) }
  })
}

/** GET /vehicle/problem-reports: the member's reports, newest first, each naming its order; read apart from the dashboard's own hot read. */
export async function listMemberProblemReports(ports: Uses<'database'>, userId: string): Promise<MemberProblemReportList> {
  const rows = await listReportsOnRequests(ports.database.db, paidRequestIdsOfUser(userId), MEMBER_PROBLEM_REPORTS_LIMIT)
  return { reports: rows.map((row) => ({ ...problemReportView(row), vehicleRequestId: row.vehicleRequestId })) }
}
