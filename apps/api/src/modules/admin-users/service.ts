import { ADMIN_USER_MESSAGES, type AdminUsersQuery } from '@keydesk/contracts/admin'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { actionLog } from '../../db/schema/action-log.ts'
import { complianceDocuments } from '../../db/schema/compliance.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { transactionRequests, transactions } from '../../db/schema/payments.ts'
import { users } from '../../db/schema/users.ts'
import { AppError } from '../../errors.ts'
import type { Principal } from '../../plugins/auth.ts'
import type { Uses } from '../../ports.ts'
import { latestDocumentLinks } from '../accounts/service.ts'
import { recordAction } from '../action-log/record-action.ts'
import { userMatches } from '../admin/search.ts'
import { announceSessionsEnded, endAllSessions } from '../auth/end-sessions.ts'

const userNotFound = () => new AppError('NOT_FOUND', 'User not found.')

/** Business users, newest first, one page (users_created_at_idx), optionally searched (docs/decisions/016). */
export async function listUsers(ports: Uses<'database'>, query: AdminUsersQuery) {
  const rows = await ports.database.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'BASEUSER'), query.search ? userMatches(query.search) : undefined))
    .orderBy(desc(users.createdAt))
    .limit(query.limit)
    .offset(query.offset)
  const documents = await latestDocumentLinks(
    ports.database.db,
    rows.map((user) => user.id),
  )
  return rows.map((user) => ({
    id: user.id,
    fname: user.fname,
    lname: user.lname,
    email: user.email,
    phone: user.phone,
    state: user.state,
    isActive: user.isActive,
    isValidatedUser: user.isValidatedUser,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    adminApprovalNotes: user.adminNotes,
    frontId: documents.get(user.id)?.frontId ?? null,
    backId: documents.get(user.id)?.backId ?? null,
    insurance: documents.get(user.id)?.insurance ?? null,
    adminNotes: user.adminNotes,
  }))
}

type ChangePorts = Uses<'database' | 'clock' | 'events' | 'log'>

/** One admin change to a business user, logged in the same transaction; admins and super admins are out of reach. */
async function changeUser(
  ports: ChangePorts,
  admin: Principal,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
  action: string,
  details = {},
) {
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.role, 'BASEUSER')))
      .returning({ id: users.id })
    if (changed.length === 0) throw userNotFound()
    if (values.isActive === false) await endAllSessions(tx, userId, now)
    await recordAction(tx, { actorId: admin.id, action, targetType: 'user', targetId: userId, details })
  })
  if (values.isActive === false) await announceSessionsEnded(ports, userId)
}

export async function validateUser(ports: ChangePorts, admin: Principal, userId: string) {
  await changeUser(ports, admin, userId, { isValidatedUser: true }, 'USER_VALIDATED')
  return { message: ADMIN_USER_MESSAGES.validated }
}

export async function revokeUser(ports: ChangePorts, admin: Principal, userId: string) {
  await changeUser(ports, admin, userId, { isActive: false }, 'USER_REVOKED')
  return { message: ADMIN_USER_MESSAGES.revoked }
}

export async function setUserNotes(ports: ChangePorts, admin: Principal, userId: string, notes: string) {
  await changeUser(ports, admin, userId, { adminNotes: notes || null }, 'USER_NOTES_UPDATED', { length: notes.length })
  return { message: ADMIN_USER_MESSAGES.notesUpdated }
}

/** GET /admin/user-history?email=: that user's requests, newest first. */
export async function userHistory(ports: Uses<'database'>, email: string) {
  const rows = await ports.database.db
    .select({
      id: vehicleRequests.id,
      status: vehicleRequests.status,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
      // At most 200 rows, each answered by the transaction_requests_request_idx index.
      confirmationNumber: sql<string | null>`(
        select ${transactions.confirmationNumber} from ${transactionRequests}
        join ${transactions} on ${transactions.id} = ${transactionRequests.transactionId}
        where ${transactionRequests.vehicleRequestId} = ${vehicleRequests.id} and ${transactions.status} = 'PAID'
        order by ${transactions.paidAt} limit 1)`,
    })
    .from(vehicleRequests)
    .innerJoin(users, eq(users.id, vehicleRequests.userId))
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .where(eq(users.email, email))
    .orderBy(desc(vehicleRequests.createdAt))
    .limit(200)
  return rows.map((row) => ({
    transactionId: row.id,
    status: row.status,
    confirmationNumber: row.confirmationNumber,
    make: row.make,
    model: row.model,
    vin: row.vin,
  }))
}

const reviewers = alias(users, 'reviewers')

/** A user's documents, oldest first, each with who reviewed it and when (the reviewer joined by key). */
export async function listDocuments(ports: Uses<'database'>, userId: string) {
  const rows = await ports.database.db
    .select({ document: complianceDocuments, reviewerName: sql<string | null>`${reviewers.fname} || ' ' || ${reviewers.lname}` })
    .from(complianceDocuments)
    .leftJoin(reviewers, eq(reviewers.id, complianceDocuments.reviewedBy))
    .where(eq(complianceDocuments.userId, userId))
    .orderBy(asc(complianceDocuments.uploadedAt))
  return rows.map(({ document, reviewerName }) => ({
    id: document.id,
    docType: document.docType,
    verified: document.verified,
    uploadedAt: document.uploadedAt.toISOString(),
    reviewNotes: document.reviewNotes,
    fileUrl: `/api/files/${document.fileId}`,
    reviewedBy: document.reviewedAt ? (reviewerName ?? 'A removed admin') : null,
    reviewedAt: document.reviewedAt?.toISOString() ?? null,
  }))
}

export async function reviewDocument(
  ports: Uses<'database' | 'clock'>,
  admin: Principal,
  documentId: string,
  review: { verified: boolean; notes?: string },
) {
  await ports.database.db.transaction(async (tx) => {
    const reviewed = await tx
      .update(complianceDocuments)
      .set({ verified: review.verified, reviewNotes: review.notes || null, reviewedBy: admin.id, reviewedAt: ports.clock.now() })
      .where(eq(complianceDocuments.id, documentId))
      .returning({ id: complianceDocuments.id })
    if (reviewed.length === 0) throw new AppError('NOT_FOUND', 'Document not found.')
    await recordAction(tx, {
      actorId: admin.id,
      action: review.verified ? 'DOCUMENT_APPROVED' : 'DOCUMENT_REJECTED',
      targetType: 'compliance_document',
      targetId: documentId,
    })
  })
  return { message: ADMIN_USER_MESSAGES.reviewed }
}

export async function recentActions(ports: Uses<'database'>) {
  const rows = await ports.database.db.select().from(actionLog).orderBy(desc(actionLog.createdAt), desc(actionLog.id)).limit(50)
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    createdAt: row.createdAt.toISOString(),
  }))
}
