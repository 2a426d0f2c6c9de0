import {
  ORDERING_MESSAGES,
  REQUEST_CHANGE_MESSAGES,
  UPDATE_REQUEST_IMAGES,
  UpdateRequestFieldsSchema,
} from '@keydesk/contracts/vehicle-request'
import { checkVin, normalizeVin } from '@keydesk/contracts/vin'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { cleanImage } from '../../../lib/image-upload.ts'
import type { MultipartBody } from '../../../lib/multipart.ts'
import { storeImagesWithRows } from '../../../lib/stored-images.ts'
import type { Uses } from '../../../ports.ts'
import { deleteFileRows, insertFileRows } from '../../platform/index.ts'
import { findMakeByName, findModel } from '../catalogue/repository.ts'
import { isInOpenCheckout } from '../orders/repository.ts'
import { deletePendingRequest, findOwnRequest, lockOwnRequest, updatePendingRequest } from './lifecycle-repository.ts'

const PURPOSES = { frontId: 'FRONT_ID', backId: 'BACK_ID', registration: 'REGISTRATION' } as const
const COLUMNS = { frontId: 'frontIdFileId', backId: 'backIdFileId', registration: 'registrationFileId' } as const
const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, [{ field, message }])

async function ownRequest(ports: Uses<'database'>, userId: string, requestId: string) {
  const row = await findOwnRequest(ports.database.db, userId, requestId)
  // Another user's request answers like a missing one.
  if (!row) throw new AppError('NOT_FOUND', 'Vehicle request not found.')
  return row
}

/**
 * What was paid is what is released (docs/decisions/013): the vehicle is frozen while a checkout for the request
 * is open and for good once it is paid. A database trigger refuses the paid case as well. `request` must be the
 * row as locked in the transaction that writes the change, so that no checkout can open between check and write.
 */
async function assertVehicleMayChange(db: DbExecutor, request: { id: string; paidAt: Date | null }, now: Date) {
  if (request.paidAt) throw new AppError('CONFLICT', REQUEST_CHANGE_MESSAGES.vehiclePaid)
  if (await isInOpenCheckout(db, request.id, now)) {
    throw new AppError('CONFLICT', REQUEST_CHANGE_MESSAGES.vehicleInCheckout)
  }
}

interface Vehicle {
  makeId: number
  model: string
  vin: string
}

const isSameVehicle = (a: Vehicle, b: Vehicle) => a.makeId === b.makeId && a.model === b.model && a.vin === b.vin

/**
 * PUT /vehicle/update-request/{id}: the owner changes a PENDING request; every check of a new request applies again.
 * The slow work (reading and re-encoding photos) comes first; the freeze check and the write then happen in one
 * transaction that holds the request's row, the same row a checkout locks before it prices the cart.
 */
export async function updateRequest(ports: Uses<'database' | 'storage' | 'clock'>, userId: string, requestId: string, body: MultipartBody) {
  const now = ports.clock.now()
  const { request, makeName } = await ownRequest(ports, userId, requestId)
  if (request.status !== 'PENDING') throw new AppError('INVALID_TRANSITION', REQUEST_CHANGE_MESSAGES.notEditable)
  const parsed = UpdateRequestFieldsSchema.safeParse(body.fields)
  if (!parsed.success) throw invalid(String(parsed.error.issues[0]?.path[0] ?? 'body'), ORDERING_MESSAGES.requiredFields)
  const db = ports.database.db
  const make = parsed.data.make
    ? await findMakeByName(db, parsed.data.make)
    : { id: request.makeId, name: makeName, basePriceCents: request.priceCents }
  if (!make) throw invalid('make', ORDERING_MESSAGES.unknownMake)
  const modelName = parsed.data.model ?? request.model
  const model = await findModel(db, make.id, modelName)
  if (!model) throw invalid('model', ORDERING_MESSAGES.unknownModel)
  if (!model.years.includes(request.year)) throw invalid('model', ORDERING_MESSAGES.unknownYear)
  const vin = parsed.data.vin ?? request.vin
  const target: Vehicle = { makeId: make.id, model: model.name, vin: normalizeVin(vin) }
  // A quick answer before the photo work; the decisive check is the one under the row lock below.
  if (!isSameVehicle(target, request)) await assertVehicleMayChange(db, request, now)
  const vinProblem = checkVin(vin, { make: make.name, year: request.year })
  if (vinProblem) throw invalid('vin', vinProblem.message)
  const images: { name: (typeof UPDATE_REQUEST_IMAGES)[number]; purpose: string; image: Awaited<ReturnType<typeof cleanImage>> }[] = []
  for (const name of UPDATE_REQUEST_IMAGES) {
    const file = body.files[name]
    if (file) images.push({ name, purpose: PURPOSES[name], image: await cleanImage(name, file) })
  }
  const replacedKeys = await storeImagesWithRows(ports.storage, db, images, async (tx, stored) => {
    const locked = await lockOwnRequest(tx, userId, requestId)
    if (!locked) throw new AppError('NOT_FOUND', 'Vehicle request not found.')
    if (locked.request.status !== 'PENDING') throw new AppError('INVALID_TRANSITION', REQUEST_CHANGE_MESSAGES.notEditable)
    if (!isSameVehicle(target, locked.request)) await assertVehicleMayChange(tx, locked.request, now)
    const replacedFileIds = images.map((item) => locked.request[COLUMNS[item.name]]).filter((id): id is string => Boolean(id))
    const fileIds = await insertFileRows(tx, { ownerUserId: userId }, stored)
    const newFiles = Object.fromEntries(images.map((item) => [COLUMNS[item.name], fileIds.get(item.purpose)]))
    const updated = await updatePendingRequest(tx, requestId, {
      ...target,
      // The price follows the make only while the request is unpaid; a paid price is final.
      ...(locked.request.paidAt ? {} : { priceCents: make.basePriceCents }),
      ...newFiles,
      updatedAt: now,
    })
    if (!updated) throw new AppError('INVALID_TRANSITION', REQUEST_CHANGE_MESSAGES.notEditable)
    return deleteFileRows(tx, replacedFileIds)
  })
  await Promise.all(replacedKeys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return { message: REQUEST_CHANGE_MESSAGES.updated }
}

/**
 * DELETE /vehicle/delete-request/{id}: the owner removes an unpaid PENDING request, its cart item and photos; not
 * while an open checkout names it, since that payment would then buy nothing.
 */
export async function deleteRequest(ports: Uses<'database' | 'storage' | 'clock'>, userId: string, requestId: string) {
  await ownRequest(ports, userId, requestId)
  const now = ports.clock.now()
  const keys = await ports.database.db.transaction(async (tx) => {
    const locked = await lockOwnRequest(tx, userId, requestId)
    if (!locked) throw new AppError('NOT_FOUND', 'Vehicle request not found.')
    if (!locked.request.paidAt && (await isInOpenCheckout(tx, requestId, now))) {
      throw new AppError('CONFLICT', REQUEST_CHANGE_MESSAGES.removeInCheckout)
    }
    const photoIds = await deletePendingRequest(tx, requestId)
    if (!photoIds) throw new AppError('INVALID_TRANSITION', REQUEST_CHANGE_MESSAGES.notDeletable)
    return deleteFileRows(tx, photoIds)
  })
  await Promise.all(keys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return { message: 'Vehicle request removed successfully!' }
}
