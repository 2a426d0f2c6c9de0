import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { KEYCODE_REQUEST_IMAGES, KeycodeRequestFieldsSchema, ORDERING_MESSAGES } from '@keydesk/contracts/vehicle-request'
import { checkVin, normalizeVin } from '@keydesk/contracts/vin'
import { AppError, type FieldProblem } from '../../../errors.ts'
import { cleanImage } from '../../../lib/image-upload.ts'
import type { MultipartBody } from '../../../lib/multipart.ts'
import { storeImagesWithRows } from '../../../lib/stored-images.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { orderPlaceFor } from '../../accounts/index.ts'
import { insertFileRows } from '../../platform/index.ts'
import { findMakeByName, findModel } from '../catalogue/repository.ts'
import { createGuest, findLiveGuest } from '../guests/repository.ts'
import { insertVehicleRequest } from '../requests/lifecycle-repository.ts'
import { addRequestToCart, findOrCreateCart } from './repository.ts'

const FILE_PURPOSES = {
  frontId: 'FRONT_ID',
  backId: 'BACK_ID',
  registration: 'REGISTRATION',
  licenseFront: 'LICENSE_FRONT',
  licenseBack: 'LICENSE_BACK',
  platePhoto: 'PLATE_PHOTO',
  odometerPhoto: 'ODOMETER_PHOTO',
} as const

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, [{ field, message }])

/**
 * POST /vehicle/request-keycode-public (docs/product.md, 'Ordering, cart, checkout and payments'), the form's "Add to
 * Cart": a keycode request is born in its owner's cart, so the cart module creates it. Every check runs before
 * anything is stored; then the images, their rows, the request and its cart item are saved together or not at all.
 */
export async function createKeycodeRequest(
  ports: Uses<'database' | 'storage' | 'clock'>,
  principal: Principal | null,
  body: MultipartBody,
  /** The caller's address: a guest's photos count in its address's storage share. */
  address: string,
) {
  const parsed = KeycodeRequestFieldsSchema.safeParse(body.fields)
  if (!parsed.success) {
    const details: FieldProblem[] = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
    throw new AppError('VALIDATION_ERROR', ORDERING_MESSAGES.requiredFields, details)
  }
  const fields = parsed.data
  const db = ports.database.db
  const make = await findMakeByName(db, fields.make)
  if (!make) throw invalid('make', ORDERING_MESSAGES.unknownMake)
  const model = await findModel(db, make.id, fields.model)
  if (!model) throw invalid('model', ORDERING_MESSAGES.unknownModel)
  if (!model.years.includes(fields.year)) throw invalid('year', ORDERING_MESSAGES.unknownYear)
  const vinProblem = checkVin(fields.vin, { make: make.name, year: fields.year })
  if (vinProblem) throw invalid('vin', vinProblem.message)
  if (!principal && (!body.files.licenseFront || !body.files.licenseBack)) {
    throw new AppError('VALIDATION_ERROR', ORDERING_MESSAGES.guestLicenseRequired, [
      { field: body.files.licenseFront ? 'licenseBack' : 'licenseFront', message: ORDERING_MESSAGES.guestLicenseRequired },
    ])
  }
  // A guest is the owner ordering for their own car: the FAQ's proof of ownership goes with the licence (decision 041).
  if (!principal && !body.files.registration) throw invalid('registration', ORDERING_MESSAGES.guestOwnershipRequired)
  // A member's order goes to the Enterprise business they order for, if any (docs/decisions/039), decided before any
  // image is decoded or stored; checkout decides it again.
  const place = principal ? await orderPlaceFor(db, principal.id, fields.locationId) : { businessId: null, locationId: null }
  if (!principal && fields.locationId) throw invalid('locationId', TEAM_MESSAGES.locationUnknown)
  const images = []
  for (const name of KEYCODE_REQUEST_IMAGES) {
    const file = body.files[name]
    if (file) images.push({ purpose: FILE_PURPOSES[name], image: await cleanImage(name, file) })
  }

  const now = ports.clock.now()
  return storeImagesWithRows(ports.storage, db, images, async (tx, stored) => {
    let guestId: string | null = null
    if (!principal) {
      const reused = fields.guestUserId ? await findLiveGuest(tx, fields.guestUserId, now) : undefined
      guestId = (reused ?? (await createGuest(tx, now))).id
    }
    const owner = principal ? { userId: principal.id } : { guestId: guestId as string }
    const cartId = await findOrCreateCart(tx, owner)
    const fileIds = await insertFileRows(tx, principal ? { ownerUserId: principal.id } : { guestId: guestId as string, address }, stored)
    const requestId = await insertVehicleRequest(tx, {
      userId: principal?.id ?? null,
      guestId,
      makeId: make.id,
      model: model.name,
      year: fields.year,
      vin: normalizeVin(fields.vin),
      priceCents: make.basePriceCents,
      frontIdFileId: fileIds.get('FRONT_ID') ?? null,
      backIdFileId: fileIds.get('BACK_ID') ?? null,
      registrationFileId: fileIds.get('REGISTRATION') ?? null,
      licenseFrontFileId: fileIds.get('LICENSE_FRONT') ?? null,
      licenseBackFileId: fileIds.get('LICENSE_BACK') ?? null,
      platePhotoFileId: fileIds.get('PLATE_PHOTO') ?? null,
      odometerPhotoFileId: fileIds.get('ODOMETER_PHOTO') ?? null,
      // What the ownership photo is, only when there is one; the owner's name only on a member's order.
      ownershipDocument: body.files.registration ? (fields.ownershipDocument ?? 'REGISTRATION') : null,
      ownerName: principal && fields.ownerName ? fields.ownerName : null,
      ...place,
      // On the app's clock, which the unpaid-request sweep reads too.
      createdAt: now,
      updatedAt: now,
    })
    await addRequestToCart(tx, cartId, requestId)
    return { id: requestId, guestUserId: guestId, cartId }
  })
}
