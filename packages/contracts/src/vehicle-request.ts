import { z } from 'zod'
import { BatchPlaceSchema } from './batch-place.ts'
import { OrderRefundSchema } from './keycode-refunds.ts'
import { RequestStatusSchema } from './request-status.ts'
import { checkVin } from './vin.ts'

export const ORDERING_MESSAGES = {
  requiredFields: 'Please fill in all required fields.',
  guestLicenseRequired: "As a guest user, you must provide both front and back photos of your driver's license for identity verification.",
  /** docs/decisions/041: the ownership document a guest must add, in the style of the licence sentence above. */
  guestOwnershipRequired:
    'As a guest user, you must provide a photo of your vehicle registration, title or insurance as proof of ownership.',
  backendUnavailable: 'Backend service temporarily unavailable. Please try again later or contact support.',
  updateFailed: 'Failed to update request.',
  unknownMake: 'Choose a make from the list.',
  unknownModel: 'Choose a model of this make from the list.',
  unknownYear: 'Choose a year offered for this model.',
} as const

/** What a vehicle's proof of ownership may be (docs/product.md, 'FAQ': one of registration, title or insurance). */
export const OWNERSHIP_DOCUMENT_KINDS = ['REGISTRATION', 'TITLE', 'INSURANCE'] as const
export type OwnershipDocumentKind = (typeof OWNERSHIP_DOCUMENT_KINDS)[number]
export const OWNERSHIP_DOCUMENT_LABELS: Record<OwnershipDocumentKind, string> = {
  REGISTRATION: 'Vehicle registration',
  TITLE: 'Title',
  INSURANCE: 'Insurance card or policy',
}

/** POST /vehicle/request-keycode-public text fields (multipart). */
export const KeycodeRequestFieldsSchema = z.object({
  make: z.string().trim().min(1, ORDERING_MESSAGES.requiredFields).max(60),
  model: z.string().trim().min(1, ORDERING_MESSAGES.requiredFields).max(80),
  year: z.coerce.number({ message: ORDERING_MESSAGES.requiredFields }).int().min(1980).max(2100),
  vin: z.string().trim().min(1, ORDERING_MESSAGES.requiredFields).max(40),
  guestUserId: z.uuid().optional(),
  /** An Enterprise team's location the order is for (docs/decisions/039); a person of one location may leave it out. */
  locationId: z.uuid().optional(),
  /** docs/decisions/041: what the `registration` photo is; registration when it is sent without saying. */
  ownershipDocument: z.enum(OWNERSHIP_DOCUMENT_KINDS).optional(),
  /** The vehicle owner's name on a member's order, for the customer authorisation (docs/decisions/041). */
  ownerName: z.string().trim().max(120, 'Keep the owner’s name under 120 characters.').optional(),
})
/**
 * The contract's photos, then the plate and the odometer (docs/decisions/041): asked for by the request page, never
 * required by the API, since a client written from the contract knows no such fields.
 */
export const KEYCODE_REQUEST_IMAGES = [
  'frontId',
  'backId',
  'registration',
  'licenseFront',
  'licenseBack',
  'platePhoto',
  'odometerPhoto',
] as const

const chosenImage = z.custom<File>().optional()
const REQUIRED_CHOICES = ['make', 'model', 'year', 'vin'] as const

/** Each required choice's own message on its field; the form's summary above the button is requiredFields. */
export const REQUIRED_CHOICE_MESSAGES: Record<(typeof REQUIRED_CHOICES)[number], string> = {
  make: 'Select the make.',
  model: 'Select the model.',
  year: 'Select the year.',
  vin: 'Enter the VIN.',
}

/** The licence photos a guest must send, each with its own message. */
export const GUEST_LICENCE_MESSAGES = {
  licenseFront: "Add a photo of the front of your driver's license.",
  licenseBack: "Add a photo of the back of your driver's license.",
} as const
/** The guest's proof of ownership on its field (docs/decisions/041). */
export const GUEST_OWNERSHIP_MESSAGE = 'Add a photo of your registration, title or insurance.'
/** Why the request page asks for the plate and odometer photos, which stay optional. */
export const VEHICLE_PHOTOS_REASON =
  'Photos of the licence plate and of the odometer help us confirm the vehicle before we release its code. They are optional.'

/**
 * The keycode request form (docs/product.md, 'Catalogue and VIN'): make, model, year and VIN filled in, the VIN right for the make
 * and year (checkVin), and for a guest both licence photos and the ownership document (docs/decisions/041). Every empty choice is marked on its own field at once;
 * then the VIN, then the licence photos.
 */
export function keycodeRequestFormSchema(isGuest: boolean) {
  return z
    .object({
      make: z.string(),
      model: z.string(),
      year: z.string(),
      vin: z.string(),
      frontId: chosenImage,
      backId: chosenImage,
      registration: chosenImage,
      licenseFront: chosenImage,
      licenseBack: chosenImage,
      platePhoto: chosenImage,
      odometerPhoto: chosenImage,
      ownershipDocument: z.enum(OWNERSHIP_DOCUMENT_KINDS),
      ownerName: z.string().trim().max(120, 'Keep the owner’s name under 120 characters.'),
    })
    .superRefine((form, ctx) => {
      const missing = REQUIRED_CHOICES.filter((field) => form[field].trim() === '')
      for (const field of missing) ctx.addIssue({ code: 'custom', message: REQUIRED_CHOICE_MESSAGES[field], path: [field] })
      if (missing.length > 0) return
      const vinProblem = checkVin(form.vin, { make: form.make, year: Number(form.year) })
      if (vinProblem) return ctx.addIssue({ code: 'custom', message: vinProblem.message, path: ['vin'] })
      if (!isGuest) return
      for (const field of ['licenseFront', 'licenseBack'] as const) {
        if (!form[field]) ctx.addIssue({ code: 'custom', message: GUEST_LICENCE_MESSAGES[field], path: [field] })
      }
      if (!form.registration) ctx.addIssue({ code: 'custom', message: GUEST_OWNERSHIP_MESSAGE, path: ['registration'] })
    })
}

/** Whether the form's problems include an empty required choice: the summary then says requiredFields. */
export const isMissingChoice = (fields: readonly string[]) =>
  fields.some((field) => (REQUIRED_CHOICES as readonly string[]).includes(field))
export type KeycodeRequestForm = z.infer<ReturnType<typeof keycodeRequestFormSchema>>

export const KeycodeRequestAnswerSchema = z.object({
  id: z.string(),
  guestUserId: z.string().nullable(),
  cartId: z.string(),
})

/** A keycode request as its owner sees it (GET /vehicle/user-requests, docs/product.md, 'Catalogue, ordering and cart'). */
export const VehicleRequestViewSchema = z.object({
  id: z.string(),
  make: z.object({ manufacturerName: z.string() }),
  model: z.string(),
  year: z.number(),
  vin: z.string(),
  status: RequestStatusSchema,
  /** price / keycodePrice carry the price (dollars); both are sent for clients reading either. */
  price: z.number(),
  keycodePrice: z.number(),
  frontId: z.string().nullable(),
  backId: z.string().nullable(),
  registration: z.string().nullable(),
  keycode: z.string().nullable(),
  pincode: z.string().nullable(),
  createdAt: z.string(),
  /**
   * A PENDING request may still sit unpaid in the cart, and only a paid one is an
   * order (submitted, tracked, promised a turnaround). dueAt is that promise; confirmationNumber names the paid order.
   */
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  confirmationNumber: z.string().nullable(),
  /** Addition: the key type released with the code (docs/decisions/031); null when not given. */
  keyBlank: z.string().nullable().optional(),
  transponder: z.string().nullable().optional(),
  /** Addition: a REFUNDED order's refund (docs/decisions/026); absent or null on every other request. */
  refund: OrderRefundSchema.nullable().optional(),
  /**
   * Addition: a bulk order's place in its batch and how far the whole batch is, its paid orders released and refunded
   * (docs/product.md, 'Bulk ordering'); null for a request of no batch.
   */
  batch: BatchPlaceSchema.extend({ released: z.number().int(), refunded: z.number().int() }).nullable().optional(),
})
export type VehicleRequestView = z.infer<typeof VehicleRequestViewSchema>

/**
 * The three lists keep their meaning (waiting, being worked on, delivered); an order that ended without a keycode is in
 * none of them but in the added fourth, refundedRequests (docs/decisions/026).
 */
export const UserRequestsAnswerSchema = z.object({
  pendingRequests: z.array(VehicleRequestViewSchema),
  inProgressRequests: z.array(VehicleRequestViewSchema),
  fulfilledRequests: z.array(VehicleRequestViewSchema),
  refundedRequests: z.array(VehicleRequestViewSchema).default([]),
})
export type UserRequestsAnswer = z.infer<typeof UserRequestsAnswerSchema>

/** The order tracker (docs/product.md, 'Catalogue, ordering and cart'): the steps reached so far; the page polls it every 5 seconds. */
export const OrderTrackerSchema = z.object({
  ACCOUNT: z.boolean(),
  DOCS: z.boolean(),
  PROCESSING: z.boolean(),
  COMPLETED: z.boolean(),
})
export type OrderTracker = z.infer<typeof OrderTrackerSchema>
/** With requestId, the steps of that one order (decision 013), else of all the member's orders. */
export const OrderTrackerQuerySchema = z.object({ requestId: z.uuid().optional() })
export const ORDER_TRACKER_LABELS = {
  ACCOUNT: 'Account Verified',
  DOCS: 'Documents Approved',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
} as const

/** PUT /vehicle/update-request/{id}: only the fields that changed are sent (docs/product.md, 'Keycode requests, delivery and release'). */
export const UpdateRequestFieldsSchema = z.object({
  make: z.string().trim().min(1).max(60).optional(),
  model: z.string().trim().min(1).max(80).optional(),
  vin: z.string().trim().min(1).max(40).optional(),
})
export const UPDATE_REQUEST_IMAGES = ['frontId', 'backId', 'registration'] as const

/** The member's edit form of a pending request: the VIN must suit the request's make and year (checkVin). */
export function editRequestFormSchema(vehicle: { make: string; year: number }) {
  return z
    .object({ model: z.string(), vin: z.string(), registration: z.custom<ArrayLike<File>>().optional() })
    .superRefine(({ vin }, ctx) => {
      const problem = checkVin(vin, vehicle)
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['vin'] })
    })
}
export type EditRequestForm = z.infer<ReturnType<typeof editRequestFormSchema>>
export const REQUEST_CHANGE_MESSAGES = {
  updated: 'Vehicle request updated successfully.',
  notEditable: 'Only a pending request can be changed.',
  notDeletable: 'Only an unpaid pending request can be removed.',
  removeInCheckout:
    'This request is in a checkout that is still open, so it cannot be removed until that checkout is paid, cancelled or expires (1 hour after it started).',
  vehiclePaid: 'This request is paid, so its vehicle (make, model, year and VIN) can no longer be changed. Photos can still be replaced.',
  vehicleInCheckout:
    'This request is in a checkout that is still open, so its vehicle (make, model, year and VIN) cannot be changed until that checkout is paid, cancelled or expires (1 hour after it started).',
} as const
