import { ADMIN_MESSAGES } from '@keydesk/contracts/admin'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { users } from '../../db/schema/users.ts'
import { AppError } from '../../errors.ts'
import { encryptSecret } from '../../lib/secret-box.ts'
import type { Principal } from '../../plugins/auth.ts'
import { recordAction } from '../action-log/record-action.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { refreshOrderStatus } from '../payments/order-status.ts'
import { publishRequestStatusChanges } from '../requests/status-events.ts'

/**
 * The only two transitions (spec 4), each one conditional UPDATE on the expected status: of two admins
 * acting at once, exactly one changes the row and the other is refused.
 */
export async function startRequest(app: FastifyInstance, admin: Principal, requestId: string) {
  const ownerId = await app.database.db.transaction(async (tx) => {
    const [started] = await tx
      .update(vehicleRequests)
      .set({ status: 'INPROGRESS', startedBy: admin.id, startedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(vehicleRequests.id, requestId), eq(vehicleRequests.status, 'PENDING'), isNotNull(vehicleRequests.paidAt)))
      .returning({ userId: vehicleRequests.userId })
    if (!started) throw new AppError('INVALID_TRANSITION', ADMIN_MESSAGES.notPendingPaid)
    await refreshOrderStatus(tx, requestId)
    await recordAction(tx, { actorId: admin.id, action: 'REQUEST_STARTED', targetType: 'vehicle_request', targetId: requestId })
    return started.userId
  })
  // After the commit, so the owner's dashboard reads the request back already started.
  if (ownerId) await publishRequestStatusChanges(app, [{ userId: ownerId, requestId, status: 'INPROGRESS' }])
  return { message: ADMIN_MESSAGES.statusUpdated }
}

/**
 * Fulfils a started request: the keycode and PIN are stored encrypted, and the owner is told by e-mail that
 * the code is ready in their account. The code itself never travels by e-mail (docs/decisions/007).
 */
export async function fulfilRequest(
  app: FastifyInstance,
  admin: Principal,
  body: { vehicleId: string; keycode: string; pincode?: string },
) {
  const ownerId = await app.database.db.transaction(async (tx) => {
    const fulfilled = await tx
      .update(vehicleRequests)
      .set({
        status: 'FULFILLED',
        keycodeEncrypted: encryptSecret(body.keycode, app.secretKey),
        pincodeEncrypted: body.pincode ? encryptSecret(body.pincode, app.secretKey) : null,
        fulfilledBy: admin.id,
        fulfilledAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(vehicleRequests.id, body.vehicleId), eq(vehicleRequests.status, 'INPROGRESS')))
      .returning({
        id: vehicleRequests.id,
        userId: vehicleRequests.userId,
        model: vehicleRequests.model,
        year: vehicleRequests.year,
        makeId: vehicleRequests.makeId,
      })
    const request = fulfilled[0]
    if (!request) throw new AppError('INVALID_TRANSITION', ADMIN_MESSAGES.startFirst)
    await refreshOrderStatus(tx, request.id)
    await recordAction(tx, { actorId: admin.id, action: 'REQUEST_FULFILLED', targetType: 'vehicle_request', targetId: request.id })
    if (!request.userId) return null
    const [owner] = await tx.select({ email: users.email, fname: users.fname }).from(users).where(eq(users.id, request.userId))
    const [make] = await tx.select({ name: vehicleMakes.name }).from(vehicleMakes).where(eq(vehicleMakes.id, request.makeId))
    if (!owner) return null
    await enqueueMail(tx, {
      to: owner.email,
      subject: 'Your Keydesk keycode is ready',
      text: [
        `Hello ${owner.fname},`,
        '',
        `The keycode for your ${request.year} ${make?.name ?? ''} ${request.model} is ready.`,
        `Sign in to see it: ${app.config.publicUrl}/user-dash`,
        '',
        'For your security the code is shown only in your account, never by e-mail.',
      ].join('\n'),
      dedupeKey: `keycode-ready:${request.id}`,
    })
    return request.userId
  })
  // The event says only "fulfilled"; the keycode and PIN stay behind the owner's signed-in read of the request.
  if (ownerId) await publishRequestStatusChanges(app, [{ userId: ownerId, requestId: body.vehicleId, status: 'FULFILLED' }])
  return { message: ADMIN_MESSAGES.fulfilled }
}
