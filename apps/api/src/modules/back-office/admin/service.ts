import { ADMIN_MESSAGES, type AdminQueueQuery, type ProcessRequestBody } from '@keydesk/contracts/admin'
import { KEYCODE_REFUND_MESSAGES } from '@keydesk/contracts/keycode-refunds'
import { toDollars } from '@keydesk/contracts/money'
import { releaseRefusal } from '@keydesk/contracts/release-gate'
import type { RequestStatus } from '@keydesk/contracts/request-status'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { encryptSecret } from '../../../lib/secret-box.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findBusinessForRelease, findBusinessSummaries, findLocationNames, findUserNames } from '../../accounts/index.ts'
import {
  countOpenProblemReports,
  countQueues,
  findBatchProgressOfRequest,
  findFirstPaidOrders,
  findReleaseRequest,
  findVehicles,
  fulfilStartedRequest,
  leastStatusOf,
  listPaidRequests,
  mailBatchDoneOnce,
  publishRequestStatusChanges,
  refreshOrderStatus,
  startPaidRequest,
} from '../../ordering/index.ts'
import { enqueueMail, fileLink, listFailedMails, recordAction, renderMail } from '../../platform/index.ts'
import { keycodeMail } from './keycode-mail.ts'
import { createOrderLink } from './order-links.ts'
import { describeDocuments, describeProof } from './release-gate.ts'
import { insertKeycodeRelease } from './repository.ts'

/** The outbox's dedupe key of a request's keycode mail is this prefix and the request's id. */
const KEYCODE_MAIL_KEY = 'keycode-ready:'

/** GET /admin/pending-requests and /admin/in-progress-requests: one page of a paid queue. */
export async function listQueue(ports: Uses<'database'>, status: 'PENDING' | 'INPROGRESS', query: AdminQueueQuery) {
  const rows = await listPaidRequests(ports.database.db, status, query)
  // The businesses and locations the page's orders were placed for, in two reads for the page (docs/decisions/039).
  const [businesses, locations] = await Promise.all([
    findBusinessSummaries(
      ports.database.db,
      rows.flatMap(({ request }) => (request.businessId ? [request.businessId] : [])),
    ),
    findLocationNames(ports.database.db, [...new Set(rows.flatMap(({ request }) => (request.locationId ? [request.locationId] : [])))]),
  ])
  return rows.map(({ request, make, buyerEmail, buyerName, buyerValidated, buyerActive, starterName, documents, ...place }) => {
    const paidAt = request.paidAt ?? request.createdAt
    const business = request.businessId ? businesses.get(request.businessId) : undefined
    return {
      id: request.id,
      make,
      model: request.model,
      year: request.year,
      vin: request.vin,
      status: request.status,
      price: toDollars(request.priceCents),
      keycodePrice: toDollars(request.priceCents),
      keycodeUserEmail: buyerEmail,
      buyerId: request.userId,
      checkoutEmail: place.checkoutEmail,
      checkoutName: place.checkoutName,
      isValidatedUser: buyerValidated ?? false,
      accountState: buyerActive === null ? null : buyerActive ? ('ACTIVE' as const) : ('REVOKED' as const),
      frontId: fileLink(request.frontIdFileId),
      backId: fileLink(request.backIdFileId),
      registration: fileLink(request.registrationFileId),
      licenseFront: fileLink(request.licenseFrontFileId),
      licenseBack: fileLink(request.licenseBackFileId),
      ownershipDocument: request.ownershipDocument,
      ownerName: request.ownerName,
      platePhoto: fileLink(request.platePhotoFileId),
      odometerPhoto: fileLink(request.odometerPhotoFileId),
      paidAt: paidAt.toISOString(),
      paidPrice: request.paidPriceCents === null ? null : toDollars(request.paidPriceCents),
      isGuest: request.userId === null,
      documents,
      servicePlan: request.servicePlan ?? 'NONE',
      dueAt: (request.dueAt ?? paidAt).toISOString(),
      buyerName,
      startedBy: request.startedAt ? { name: starterName ?? 'A removed admin', at: request.startedAt.toISOString() } : null,
      batch: place.batchCode ? { code: place.batchCode, position: place.batchPosition, size: place.batchSize } : null,
      disputeHold: place.disputeHold,
      business:
        request.businessId === null
          ? null
          : {
              id: request.businessId,
              name: business?.name ?? 'A removed business',
              location: request.locationId ? (locations.get(request.locationId) ?? null) : null,
              active: business?.active ?? false,
              validated: business?.validated ?? false,
            },
    }
  })
}

/** GET /admin/queue-counts: the size of each queue, as of the clock's now. */
export async function readQueueCounts(ports: Uses<'database' | 'clock'>) {
  const [queues, openProblemReports] = await Promise.all([
    countQueues(ports.database.db, ports.clock.now()),
    countOpenProblemReports(ports.database.db),
  ])
  return { ...queues, openProblemReports }
}

/** Everything the release gate and the keycode mail need about one request: the request, its owner, its first paid order. */
async function findReleaseTarget(db: DbExecutor, requestId: string) {
  const request = await findReleaseRequest(db, requestId)
  if (!request) return null
  // The owner's row is held until the release commits, so a revocation cannot slip between the gate and the release.
  const owner =
    request.userId === null ? undefined : (await findUserNames(db, [request.userId], { lockForShare: true })).get(request.userId)
  const order = (await findFirstPaidOrders(db, [request.id])).get(request.id)
  const business = request.businessId === null ? null : await findBusinessForRelease(db, request.businessId)
  return {
    ...request,
    business,
    ownerEmail: owner?.email ?? null,
    ownerFirstName: owner?.fname ?? null,
    accountValidated: owner?.isValidatedUser ?? false,
    accountActive: owner?.isActive ?? request.userId === null,
    // A closed account (docs/decisions/035) cannot sign in or be mailed a code until it is restored; a purged one is gone.
    memberCanReceive: owner !== undefined && !owner.isClosed,
    keycodesByEmail: owner?.keycodesByEmail ?? true,
    transactionId: order?.transactionId ?? null,
    confirmationNumber: order?.confirmationNumber ?? null,
    checkoutEmail: order?.customerEmail ?? null,
  }
}

/** A release or start refused because a refund holds the order: being paid back, or paid back already. */
const refundRefusal = (status: RequestStatus) =>
  new AppError('CONFLICT', status === 'REFUNDED' ? KEYCODE_REFUND_MESSAGES.refunded : KEYCODE_REFUND_MESSAGES.beingRefunded)

/** Why a conditional write changed nothing: a refund took the order meanwhile, or the status was not the expected one. */
async function refusalOfLostWrite(db: DbExecutor, requestId: string, otherwise: string) {
  const request = await findReleaseRequest(db, requestId)
  return request?.refundHeldAt ? refundRefusal(request.status) : new AppError('INVALID_TRANSITION', otherwise)
}

/**
 * The only two transitions (docs/product.md, 'Keycode requests, delivery and release'), each one conditional UPDATE on the expected status: of two admins
 * acting at once, exactly one changes the row and the other is refused.
 */
export async function startRequest(ports: Uses<'database' | 'clock' | 'events' | 'log'>, admin: Principal, requestId: string) {
  const now = ports.clock.now()
  const ownerId = await ports.database.db.transaction(async (tx) => {
    const started = await startPaidRequest(tx, requestId, admin.id, now)
    if (!started) throw await refusalOfLostWrite(tx, requestId, ADMIN_MESSAGES.notPendingPaid)
    await refreshOrderStatus(tx, requestId, leastStatusOf)
    await recordAction(tx, { actorId: admin.id, action: 'REQUEST_STARTED', targetType: 'vehicle_request', targetId: requestId })
    return started.userId
  })
  // After the commit, so the owner's dashboard reads the request back already started.
  if (ownerId) await publishRequestStatusChanges(ports, [{ userId: ownerId, requestId, status: 'INPROGRESS' }])
  return { message: ADMIN_MESSAGES.statusUpdated }
}

/**
 * Fulfils a started request (docs/decisions/013). The release gate decides first; then, in one transaction, the
 * keycode and PIN are stored encrypted, the release is recorded with what the admin confirmed, and the buyer's
 * keycode mail is queued: a member at the account's address (the code in it unless they chose the account only),
 * a guest at the checkout's address with a link to that one order.
 */
export async function fulfilRequest(
  ports: Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events' | 'log'>,
  admin: Principal,
  body: ProcessRequestBody,
) {
  const now = ports.clock.now()
  const released = await ports.database.db.transaction(async (tx) => {
    const target = await findReleaseTarget(tx, body.vehicleId)
    if (target?.refundHeldAt) throw refundRefusal(target.status)
    if (target?.status !== 'INPROGRESS') throw new AppError('INVALID_TRANSITION', ADMIN_MESSAGES.startFirst)
    const isGuest = target.userId === null
    const requester = {
      isGuest,
      accountValidated: target.accountValidated ?? false,
      accountActive: target.accountActive,
      hasRecipient: isGuest ? target.checkoutEmail !== null : target.memberCanReceive,
      disputeHold: target.disputeHold,
      business: target.business,
    }
    const refusal = releaseRefusal(requester, body)
    if (refusal) throw new AppError('CONFLICT', refusal)
    // An override is a release the gate would have refused without the reason.
    const isOverride = releaseRefusal(requester, { identityChecked: body.identityChecked }) !== null

    const fulfilled = await fulfilStartedRequest(tx, body.vehicleId, {
      keycodeEncrypted: encryptSecret(body.keycode, ports.secretKey),
      pincodeEncrypted: body.pincode ? encryptSecret(body.pincode, ports.secretKey) : null,
      keyBlank: body.keyBlank || null,
      transponder: body.transponder || null,
      fulfilledBy: admin.id,
      fulfilledAt: now,
    })
    if (!fulfilled) throw await refusalOfLostWrite(tx, target.id, ADMIN_MESSAGES.startFirst)
    await refreshOrderStatus(tx, target.id, leastStatusOf)

    const recipient = isGuest ? target.checkoutEmail : target.ownerEmail
    const codeInMail = recipient !== null && (isGuest || target.keycodesByEmail !== false)
    const channels = [...(isGuest ? [] : ['account']), ...(codeInMail ? ['email'] : [])]
    await insertKeycodeRelease(tx, {
      vehicleRequestId: target.id,
      transactionId: target.transactionId,
      releasedBy: admin.id,
      releasedAt: now,
      isGuest,
      accountValidated: target.accountValidated ?? false,
      documentsOnFile: `${isGuest ? (target.hasLicencePhotos ? 'licence photos on the request' : 'none') : describeDocuments(target.documents)}${describeProof(target.proof, isGuest)}`,
      identityChecked: isGuest && body.identityChecked === true,
      overrideReason: body.overrideReason ?? null,
      channels,
    })
    // One entry per release (the fulfilment is the release): who, which order, how it went out, and any override.
    await recordAction(tx, {
      actorId: admin.id,
      action: 'KEYCODE_RELEASED',
      targetType: 'vehicle_request',
      targetId: target.id,
      details: {
        channels,
        confirmationNumber: target.confirmationNumber,
        ...(isOverride ? { overrideReason: body.overrideReason, gate: isGuest ? 'guest identity' : 'account not validated' } : {}),
      },
    })

    const outcome = { ownerId: target.userId, confirmationNumber: target.confirmationNumber, mailQueuedTo: recipient }
    if (recipient === null) {
      ports.log.warn({ vehicleRequestId: target.id }, 'keycode released with no address to mail it to')
      return outcome
    }
    const link = isGuest ? await createOrderLink(tx, ports.config.publicUrl, target.id, now) : null
    // Read after this release, in its transaction: the mail counts it.
    const batch = await findBatchProgressOfRequest(tx, target.id)
    const mail = await renderMail(
      keycodeMail({
        firstName: target.ownerFirstName,
        vehicle: { year: target.year, make: target.make, model: target.model, vinLast4: target.vin.slice(-4) },
        confirmationNumber: target.confirmationNumber,
        code: codeInMail ? { keycode: body.keycode, pincode: body.pincode ?? null } : null,
        keyType: { keyBlank: body.keyBlank || null, transponder: body.transponder || null },
        orderUrl: link?.url ?? `${ports.config.publicUrl}/user-dash`,
        isGuest,
        batch,
      }),
    )
    await enqueueMail(tx, { ...mail, to: recipient, dedupeKey: `${KEYCODE_MAIL_KEY}${target.id}` }, ports.secretKey)
    await mailBatchDoneOnce(ports, tx, target.id)
    return outcome
  })
  // The event says only "fulfilled"; the keycode and PIN stay behind the owner's signed-in read of the request.
  if (released.ownerId)
    await publishRequestStatusChanges(ports, [{ userId: released.ownerId, requestId: body.vehicleId, status: 'FULFILLED' }])
  return { message: ADMIN_MESSAGES.fulfilled, confirmationNumber: released.confirmationNumber, mailQueuedTo: released.mailQueuedTo }
}

/** GET /admin/failed-keycode-mails: the newest 50 keycode mails the outbox gave up on, so an admin can call the buyer. */
export async function failedKeycodeMails(db: DbExecutor) {
  const mails = await listFailedMails(db, KEYCODE_MAIL_KEY, 50)
  const requestIdOf = (dedupeKey: string | null) => dedupeKey?.slice(KEYCODE_MAIL_KEY.length) ?? ''
  const requestIds = mails.map((mail) => requestIdOf(mail.dedupeKey)).filter((id) => id !== '')
  const vehicles = new Map((await findVehicles(db, requestIds)).map((vehicle) => [vehicle.id, vehicle]))
  // A mail whose request is gone (its account deleted) has no one left to call.
  return mails.flatMap((mail) => {
    const vehicle = vehicles.get(requestIdOf(mail.dedupeKey))
    if (!vehicle) return []
    return [
      {
        vehicleRequestId: vehicle.id,
        to: mail.to,
        lastError: mail.lastError,
        failedAt: mail.failedAt.toISOString(),
        vehicle: `${vehicle.year} ${vehicle.make} ${vehicle.model} (VIN ending ${vehicle.vin.slice(-4)})`,
      },
    ]
  })
}
