import { ADMIN_USER_MESSAGES, type AdminUsersQuery } from '@keydesk/contracts/admin'
import { NO_KEYCODE_REASONS } from '@keydesk/contracts/keycode-refunds'
import { formatDollars } from '@keydesk/contracts/money'
import { AppError } from '../../../errors.ts'
import type { Principal, Uses } from '../../../ports.ts'
import {
  announceSessionsEnded,
  type BusinessUserChange,
  countDocumentReviews,
  endAllSessions,
  findUserByEmail,
  listBusinessUsers,
  listDocumentsWithReviewer,
  setDocumentReview,
  updateBusinessUser,
} from '../../accounts/index.ts'
import { findFirstPaidOrders, listRequestsOfUser } from '../../ordering/index.ts'
import { fileAddress, listRecentActions, recordAction } from '../../platform/index.ts'
import { latestDocumentLinks } from '../member-accounts/service.ts'

const userNotFound = () => new AppError('NOT_FOUND', 'User not found.')

export async function listUsers(ports: Uses<'database'>, query: AdminUsersQuery) {
  const rows = await listBusinessUsers(ports.database.db, query)
  const userIds = rows.map((user) => user.id)
  const documents = await latestDocumentLinks(ports.database.db, userIds)
  const reviews = await countDocumentReviews(ports.database.db, userIds)
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
    documentReview: reviews.get(user.id) ?? { pending: 0, approved: 0, rejected: 0 },
    closedAt: user.closedAt?.toISOString() ?? null,
  }))
}

type ChangePorts = Uses<'database' | 'clock' | 'events' | 'log'>

/** One admin change to a business user, logged in the same transaction; admins and super admins are out of reach. */
async function changeUser(ports: ChangePorts, admin: Principal, userId: string, values: BusinessUserChange, action: string, details = {}) {
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    if (!(await updateBusinessUser(tx, userId, values, now))) throw userNotFound()
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

const USER_HISTORY_LIMIT = 200

/** GET /admin/user-history?email=: that user's requests, newest first, each with the confirmation number that paid it. */
export async function userHistory(ports: Uses<'database'>, email: string) {
  const db = ports.database.db
  const user = await findUserByEmail(db, email)
  if (!user) return []
  const rows = await listRequestsOfUser(db, user.id, USER_HISTORY_LIMIT)
  const confirmations = await findFirstPaidOrders(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    transactionId: row.id,
    status: row.status,
    confirmationNumber: confirmations.get(row.id)?.confirmationNumber ?? null,
    make: row.make,
    model: row.model,
    vin: row.vin,
  }))
}

/** A user's documents, oldest first, each with who reviewed it and when. */
export async function listDocuments(ports: Uses<'database'>, userId: string) {
  const rows = await listDocumentsWithReviewer(ports.database.db, userId)
  return rows.map(({ document, reviewerName }) => ({
    id: document.id,
    docType: document.docType,
    verified: document.verified,
    uploadedAt: document.uploadedAt.toISOString(),
    reviewNotes: document.reviewNotes,
    fileUrl: fileAddress(document.fileId),
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
    const reviewed = await setDocumentReview(tx, documentId, {
      verified: review.verified,
      reviewNotes: review.notes || null,
      reviewedBy: admin.id,
      reviewedAt: ports.clock.now(),
    })
    if (!reviewed) throw new AppError('NOT_FOUND', 'Document not found.')
    await recordAction(tx, {
      actorId: admin.id,
      action: review.verified ? 'DOCUMENT_APPROVED' : 'DOCUMENT_REJECTED',
      targetType: 'compliance_document',
      targetId: documentId,
      // The log says why a document was rejected (or what was noted on approval) without opening the document.
      details: review.notes ? { notes: review.notes } : {},
    })
  })
  return { message: ADMIN_USER_MESSAGES.reviewed }
}

const CHANNEL_WORDS: Record<string, string> = {
  account: 'in the account',
  email: 'by e-mail',
  'guest-link': 'through the guest order link',
}

/** The details of an entry as an admin reads them; null when there is nothing to add to the action's name. */
export function actionSummary(action: string, details: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  if (action === 'KEYCODE_RELEASED') {
    // An admin's release names its channels; a guest opening the order link names the one it used.
    const named = Array.isArray(details.channels) ? details.channels : details.channel ? [details.channel] : []
    const channels = named.map((channel) => CHANNEL_WORDS[String(channel)] ?? String(channel))
    const order = text(details.confirmationNumber)
    const override = text(details.overrideReason)
    return `Released ${channels.length > 0 ? channels.join(' and ') : 'with no delivery channel'}${order ? ` (order ${order})` : ''}${override ? `; override: ${override}` : ''}`
  }
  if (action === 'ORDER_LINK_VIEWED') {
    const order = text(details.confirmationNumber)
    return `The guest opened the order link${order ? ` of order ${order}` : ''}`
  }
  if (action === 'RELEASE_OVERRIDE') return text(details.reason) && `Reason: ${details.reason}`
  if (action === 'KEYCODE_REFUNDED' && typeof details.amountCents === 'number') {
    const order = text(details.confirmationNumber)
    const noKeycode = text(details.reason) !== null && Object.hasOwn(NO_KEYCODE_REASONS, String(details.reason))
    return `${noKeycode ? 'No keycode available: refunded' : 'Refunded'} ${formatDollars(details.amountCents)}${order ? ` (order ${order})` : ''}`
  }
  if (action === 'PLAN_REFUNDED' && typeof details.amountCents === 'number') {
    const order = text(details.confirmationNumber)
    return `Refunded ${formatDollars(details.amountCents)}${order ? ` (order ${order})` : ''}`
  }
  return text(details.notes)
}

export async function recentActions(ports: Uses<'database'>) {
  const rows = await listRecentActions(ports.database.db, 50)
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    createdAt: row.createdAt.toISOString(),
    summary: actionSummary(row.action, (row.details ?? {}) as Record<string, unknown>),
  }))
}
