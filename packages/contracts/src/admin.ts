import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.ts'
import { RequestStatusSchema } from './request-status.ts'

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

/** Spec 3 "Vehicle request" on admin lists: make is plain text. */
export const AdminRequestSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  vin: z.string(),
  status: RequestStatusSchema,
  price: z.number(),
  keycodePrice: z.number(),
  keycodeUserEmail: z.string().nullable(),
  isValidatedUser: z.boolean(),
  frontId: z.string().nullable(),
  backId: z.string().nullable(),
  registration: z.string().nullable(),
  licenseFront: z.string().nullable(),
  licenseBack: z.string().nullable(),
  paidAt: z.string(),
})
export const AdminRequestListSchema = z.array(AdminRequestSchema)

export const ProcessRequestBodySchema = z.object({
  vehicleId: z.uuid(),
  keycode: z.string().trim().min(1, 'Please enter a keycode before submitting.').max(64),
  pincode: z.string().trim().max(32).optional(),
})

export const ADMIN_MESSAGES = {
  statusUpdated: 'Status updated to In Progress',
  keycodeRequired: 'Please enter a keycode before submitting.',
  fulfilled: 'Keycode delivered.',
  notPendingPaid: 'Only a paid pending request can be started.',
  startFirst: 'Start the request before submitting a keycode.',
} as const
