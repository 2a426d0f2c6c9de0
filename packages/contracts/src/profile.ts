import { z } from 'zod'
import { OrderRefundSchema } from './keycode-refunds.ts'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.ts'
import { RequestStatusSchema } from './request-status.ts'
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN } from './states.ts'
import { BillingPeriodSchema, SubscriptionTierSchema } from './subscription.ts'
import { OrderTrackerSchema } from './vehicle-request.ts'

/** GET /user/profile (docs/product.md, 'Member area, files, chat and support'). Images are the addresses of the owner-only file route, or null. */
export const ProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  companyLogo: z.string().nullable(),
})
export type Profile = z.infer<typeof ProfileSchema>

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? null : value))

/**
 * PUT /user/profile text fields (multipart, with the files profilePhoto and companyLogo). A field left out
 * keeps its value; an empty one clears it. The e-mail is never editable, so it is not read.
 */
export const UpdateProfileFieldsSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100).optional(),
  lastName: z.string().trim().min(1, 'Last name is required').max(100).optional(),
  phone: optionalText(40),
  company: optionalText(200),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(60),
  zipCode: optionalText(20).refine((value) => value == null || value === '' || POSTAL_CODE_PATTERN.test(value), POSTAL_CODE_MESSAGE),
})
export type UpdateProfileFields = z.input<typeof UpdateProfileFieldsSchema>

export const PROFILE_IMAGE_FIELDS = ['profilePhoto', 'companyLogo'] as const

const chosenImages = z.custom<ArrayLike<File>>().optional()

/** The Profile tab's form: the names as PUT /user/profile requires them, the other fields as typed ('' clears one). */
export const ProfileFormSchema = z.object({
  firstName: UpdateProfileFieldsSchema.shape.firstName.unwrap(),
  lastName: UpdateProfileFieldsSchema.shape.lastName.unwrap(),
  phone: z.string(),
  company: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z
    .string()
    .trim()
    .refine((value) => value === '' || POSTAL_CODE_PATTERN.test(value), POSTAL_CODE_MESSAGE),
  profilePhoto: chosenImages,
  companyLogo: chosenImages,
})
export type ProfileForm = z.infer<typeof ProfileFormSchema>

/** One order of GET /user/orders (docs/product.md, 'Member area, files, chat and support'). `cost` is in cents, like all money on the wire; `vin` is already masked. */
export const OrderHistoryEntrySchema = z.object({
  id: z.string(),
  orderDate: z.string(),
  status: RequestStatusSchema,
  vin: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  cost: z.number().int(),
  /** Addition: a REFUNDED order's refund (docs/decisions/026); absent or null otherwise. */
  refund: OrderRefundSchema.nullable().optional(),
})
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>

/** A plan refund paid back to the member (docs/decisions/020), listed with the orders; in cents. */
export const RefundHistoryEntrySchema = z.object({
  id: z.string(),
  refundedAt: z.string(),
  tier: SubscriptionTierSchema,
  billing: BillingPeriodSchema,
  /** The order whose plan was refunded; null once that record is gone. */
  confirmationNumber: z.string().nullable(),
  amountCents: z.number().int(),
})
export type RefundHistoryEntry = z.infer<typeof RefundHistoryEntrySchema>

/** GET /user/orders: the count per status (`statusMap` in docs/product.md, 'Member area, files, chat and support') and one page of orders, newest first. */
export const OrdersAnswerSchema = z.object({
  /** The order tracker flags (GET /vehicle/order-tracker in docs/product.md, 'Catalogue, ordering and cart': ACCOUNT, DOCS, PROCESSING, COMPLETED). */
  status: OrderTrackerSchema,
  statusMap: z.partialRecord(RequestStatusSchema, z.number().int()),
  orders: z.array(OrderHistoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every plan refund paid to the member, newest first, whatever the page. */
  refunds: z.array(RefundHistoryEntrySchema).default([]),
})
export type OrdersAnswer = z.infer<typeof OrdersAnswerSchema>

export const OrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
})

/** docs/product.md, 'Member area, chat and support', Orders: the order VIN is shown masked except its last 4 characters. */
export function maskVin(vin: string): string {
  if (vin.length <= 4) return vin
  return `${'*'.repeat(vin.length - 4)}${vin.slice(-4)}`
}
