import { ADMIN_MESSAGES, type AdminQueueQuery, type ProcessRequestBody } from '@keydesk/contracts/admin'
import type { DbExecutor } from '../../db/database.ts'
import { AppError } from '../../errors.ts'
import { encryptSecret } from '../../lib/secret-box.ts'
import type { Principal } from '../../plugins/auth.ts'
import type { Uses } from '../../ports.ts'
import { recordAction } from '../action-log/repository.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { renderMail } from '../mail/templates.ts'
import { createOrderLink } from '../order-links/service.ts'
import { refreshOrderStatus } from '../payments/repository.ts'
import { fulfilStartedRequest, startPaidRequest } from '../requests/repository.ts'
import { publishRequestStatusChanges } from '../requests/status-events.ts'
import { keycodeMail } from './keycode-mail.ts'
import { describeDocuments, releaseRefusal } from './release-gate.ts'
import { listFailedKeycodeMails } from './releases-repository.ts'
import { countQueues, findReleaseTarget, insertKeycodeRelease, listPaidRequests } from './repository.ts'

/** GET /admin/pending-requests and /admin/in-progress-requests: one page of a paid queue. */
export async function listQueue(ports: Uses<'database'>, status: 'PENDING' | 'INPROGRESS', query: AdminQueueQuery) {
  return listPaidRequests(ports.database.db, status, query)
}

/** GET /admin/queue-counts: the size of each queue, as of the clock's now. */
export async function readQueueCounts(ports: Uses<'database' | 'clock'>) {
  return countQueues(ports.database.db, ports.clock.now())
}

/**
 * The only two transitions (docs/product.md §6), each one conditional UPDATE on the expected status: of two admins
 * acting at once, exactly one changes the row and the other is refused.
 */
export async function startRequest(ports: Uses<'database' | 'clock' | 'events' | 'log'>, admin: Principal, requestId: string) {
  const now = ports.clock.now()
  const ownerId = await ports.database.db.transaction(async (tx) => {
    const started = await startPaidRequest(tx, requestId, admin.id, now)
    if (!started) throw new AppError('INVALID_TRANSITION', ADMIN_MESSAGES.notPendingPaid)
    await refreshOrderStatus(tx, requestId)
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
  const ownerId = await ports.database.db.transaction(async (tx) => {
    const target = await findReleaseTarget(tx, body.vehicleId)
    if (target?.status !== 'INPROGRESS') throw new AppError('INVALID_TRANSITION', ADMIN_MESSAGES.startFirst)
    const isGuest = target.userId === null
    const requester = { isGuest, accountValidated: target.accountValidated ?? false }
    const refusal = releaseRefusal(requester, body)
    if (refusal) throw new AppError('CONFLICT', refusal)
    // An override is a release the gate would have refused without the reason.
    const isOverride = releaseRefusal(requester, { identityChecked: body.identityChecked }) !== null

    const fulfilled = await fulfilStartedRequest(tx, body.vehicleId, {
      keycodeEncrypted: encryptSecret(body.keycode, ports.secretKey),
      pincodeEncrypted: body.pincode ? encryptSecret(body.pincode, ports.secretKey) : null,
      fulfilledBy: admin.id,
      fulfilledAt: now,
    })
    if (!fulfilled) throw new AppError('INVALID_TRANSITION', ADMIN_MESSAGES.startFirst)
    await refreshOrderStatus(tx, target.id)

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
      documentsOnFile: isGuest ? (target.hasLicencePhotos ? 'licence photos on the request' : 'none') : describeDocuments(target.documents),
      identityChecked: isGuest && body.identityChecked === true,
      overrideReason: body.overrideReason ?? null,
      channels,
    })
    await recordAction(tx, { actorId: admin.id, action: 'REQUEST_FULFILLED', targetType: 'vehicle_request', targetId: target.id })
    await recordAction(tx, {
      actorId: admin.id,
      action: 'KEYCODE_RELEASED',
      targetType: 'vehicle_request',
      targetId: target.id,
      details: { channels, confirmationNumber: target.confirmationNumber },
    })
    if (isOverride) {
      await recordAction(tx, {
        actorId: admin.id,
        action: 'RELEASE_OVERRIDE',
        targetType: 'vehicle_request',
        targetId: target.id,
        details: { reason: body.overrideReason, gate: isGuest ? 'guest identity' : 'account not validated' },
      })
    }

    if (recipient === null) {
      ports.log.warn({ vehicleRequestId: target.id }, 'keycode released with no address to mail it to')
      return target.userId
    }
    const link = isGuest ? await createOrderLink(tx, ports.config.publicUrl, target.id, now) : null
    const mail = await renderMail(
      keycodeMail({
        firstName: target.ownerFirstName,
        vehicle: { year: target.year, make: target.make, model: target.model, vinLast4: target.vin.slice(-4) },
        confirmationNumber: target.confirmationNumber,
        code: codeInMail ? { keycode: body.keycode, pincode: body.pincode ?? null } : null,
        orderUrl: link?.url ?? `${ports.config.publicUrl}/user-dash`,
        isGuest,
      }),
    )
    await enqueueMail(tx, { ...mail, to: recipient, dedupeKey: `keycode-ready:${target.id}` }, ports.secretKey)
    return target.userId
  })
  // The event says only "fulfilled"; the keycode and PIN stay behind the owner's signed-in read of the request.
  if (ownerId) await publishRequestStatusChanges(ports, [{ userId: ownerId, requestId: body.vehicleId, status: 'FULFILLED' }])
  return { message: ADMIN_MESSAGES.fulfilled }
}

/** GET /admin/failed-keycode-mails: the newest 50 keycode mails the outbox gave up on, so an admin can call the buyer. */
export async function failedKeycodeMails(db: DbExecutor) {
  const rows = await listFailedKeycodeMails(db, 50)
  return rows.map((row) => ({
    vehicleRequestId: row.vehicleRequestId,
    to: row.to,
    lastError: row.lastError,
    failedAt: row.failedAt.toISOString(),
    vehicle: `${row.year} ${row.make} ${row.model} (VIN ending ${row.vin.slice(-4)})`,
  }))
}
