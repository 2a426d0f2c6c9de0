import {
  type AdminProblemReportList,
  type AdminProblemReportsQuery,
  PROBLEM_DECLINE_REASONS,
  PROBLEM_REFUND_REASON,
  PROBLEM_REPORT_MESSAGES,
  PROBLEM_REPORTS_PAGE_SIZE,
  type ProblemReportAnswerBody,
} from '@keydesk/contracts/problem-reports'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import type { Principal } from '../../../ports.ts'
import { findUserNames } from '../../accounts/index.ts'
import {
  answerProblemReport,
  findFirstPaidOrders,
  findProblemReport,
  findReportedVehicles,
  leastStatusOf,
  listProblemReports,
  lockProblemReport,
  lockRefundableRequest,
  problemReportView,
  publishRequestStatusChanges,
  refreshOrderStatus,
  reopenForCorrectedKeycode,
} from '../../ordering/index.ts'
import { enqueueMail, recordAction, renderMail } from '../../platform/index.ts'
import { buyerMailAddress } from './buyer-mail-address.ts'
import { problemAnswerMail } from './problem-report-answer-mail.ts'
import { type RefundPorts, refundKeycodeLine } from './refund-line.ts'

/**
 * GET /admin/problem-reports: one page of reports in one status, open ones by the policy's review clock, each with its
 * order, payment and release beside it. Four reads for the whole page, never one per report.
 */
export async function listProblemReportsForAdmin(ports: RefundPorts, query: AdminProblemReportsQuery): Promise<AdminProblemReportList> {
  const db = ports.database.db
  const now = ports.clock.now()
  const { rows, total } = await listProblemReports(
    db,
    query.status,
    (query.page - 1) * PROBLEM_REPORTS_PAGE_SIZE,
    PROBLEM_REPORTS_PAGE_SIZE,
  )
  const requestIds = rows.map((row) => row.vehicleRequestId)
  const [vehicles, orders] = await Promise.all([findReportedVehicles(db, requestIds), findFirstPaidOrders(db, requestIds)])
  const requests = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]))
  const people = await findUserNames(db, [...new Set(vehicles.flatMap((vehicle) => (vehicle.userId ? [vehicle.userId] : [])))])
  const reports = rows.flatMap((row) => {
    const request = requests.get(row.vehicleRequestId)
    if (!request) return []
    const order = orders.get(request.id)
    const person = request.userId ? people.get(request.userId) : undefined
    return [
      {
        ...problemReportView(row),
        overdue: row.status === 'OPEN' && row.reviewDueAt < now,
        vehicleRequestId: request.id,
        order: {
          confirmationNumber: order?.confirmationNumber ?? null,
          status: request.status,
          year: request.year,
          make: request.make,
          model: request.model,
          vin: request.vin,
          paidAt: request.paidAt?.toISOString() ?? null,
          paidCents: request.paidPriceCents,
          dueAt: request.dueAt?.toISOString() ?? null,
          releasedAt: request.fulfilledAt?.toISOString() ?? null,
        },
        buyer: person
          ? { name: `${person.fname} ${person.lname}`, email: person.email, guest: false }
          : { name: order?.customerName ?? null, email: order?.customerEmail ?? null, guest: request.userId === null },
      },
    ]
  })
  return { reports, total, page: query.page }
}

async function openReportOrRefuse(tx: DbExecutor, reportId: string) {
  const report = await lockProblemReport(tx, reportId)
  if (!report) throw new AppError('NOT_FOUND', PROBLEM_REPORT_MESSAGES.reportNotFound)
  if (report.status !== 'OPEN') throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.answered)
  return report
}

/**
 * POST /admin/problem-reports/{id}/answer (docs/decisions/027). Refund: the line is paid back through the one refund
 * path on the policy's ground for the report's reason, and the report is answered in the refund's own transaction.
 * Re-check: a released code goes back to the pending queue for a corrected one. Decline: with a reason and a note.
 * The order's row is locked before the report's on every path, so a refund in flight and another answer exclude
 * each other; the buyer is mailed the answer.
 */
export async function answerReport(ports: RefundPorts, admin: Principal, reportId: string, body: ProblemReportAnswerBody) {
  const db = ports.database.db
  const found = await findProblemReport(db, reportId)
  if (!found) throw new AppError('NOT_FOUND', PROBLEM_REPORT_MESSAGES.reportNotFound)
  const answered = (status: 'REFUNDED' | 'RECHECKED' | 'DECLINED', answeredAt: Date) => ({
    status,
    declineReason: body.answer === 'DECLINE' ? body.declineReason : null,
    answerNote: body.note,
    answeredBy: admin.id,
    answeredAt,
  })
  const logAnswer = (tx: DbExecutor) =>
    recordAction(tx, {
      actorId: admin.id,
      action: 'PROBLEM_REPORT_ANSWERED',
      targetType: 'vehicle_request',
      targetId: found.vehicleRequestId,
      details: {
        reportId,
        reason: found.reason,
        answer: body.answer,
        declineReason: body.answer === 'DECLINE' ? body.declineReason : null,
      },
    })

  if (body.answer === 'REFUND') {
    await refundKeycodeLine(ports, admin, {
      requestId: found.vehicleRequestId,
      reason: PROBLEM_REFUND_REASON[found.reason],
      note: body.note,
      releasedAllowed: true,
      alsoCheck: async (tx) => {
        await openReportOrRefuse(tx, reportId)
      },
      alsoRecord: async (tx, refundedAt) => {
        await answerProblemReport(tx, reportId, answered('REFUNDED', refundedAt))
        await logAnswer(tx)
      },
    })
    return { message: PROBLEM_REPORT_MESSAGES.refundedAnswer }
  }

  const now = ports.clock.now()
  const reopened = await db.transaction(async (tx) => {
    const request = await lockRefundableRequest(tx, found.vehicleRequestId)
    const report = await openReportOrRefuse(tx, reportId)
    if (!request) throw new AppError('NOT_FOUND', PROBLEM_REPORT_MESSAGES.notFound)
    if (request.refundHeldAt) throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.beingRefunded)
    let reopenedFor: string | null = null
    if (body.answer === 'RECHECK') {
      const back = await reopenForCorrectedKeycode(tx, request.id, now)
      if (!back) throw new AppError('CONFLICT', PROBLEM_REPORT_MESSAGES.recheckNotReleased)
      await refreshOrderStatus(tx, request.id, leastStatusOf)
      reopenedFor = back.userId
    }
    await answerProblemReport(tx, reportId, answered(body.answer === 'RECHECK' ? 'RECHECKED' : 'DECLINED', now))
    await logAnswer(tx)

    const order = (await findFirstPaidOrders(tx, [request.id])).get(request.id)
    const address = await buyerMailAddress(tx, ports.config.publicUrl, request, order?.customerEmail ?? null, now)
    if (address) {
      const mail = await renderMail(
        problemAnswerMail({
          firstName: address.firstName,
          vehicle: { year: request.year, make: request.make, model: request.model, vinLast4: request.vin.slice(-4) },
          confirmationNumber: order?.confirmationNumber ?? null,
          reason: report.reason,
          answer: body.answer,
          declineReason: body.answer === 'DECLINE' ? PROBLEM_DECLINE_REASONS[body.declineReason] : null,
          note: body.note,
          orderUrl: address.orderUrl,
          isGuest: address.isGuest,
        }),
      )
      await enqueueMail(tx, { ...mail, to: address.to, dedupeKey: `problem-answer:${reportId}` }, ports.secretKey)
    }
    return reopenedFor
  })
  if (reopened) await publishRequestStatusChanges(ports, [{ userId: reopened, requestId: found.vehicleRequestId, status: 'PENDING' }])
  return { message: body.answer === 'RECHECK' ? PROBLEM_REPORT_MESSAGES.recheckedAnswer : PROBLEM_REPORT_MESSAGES.declinedAnswer }
}
