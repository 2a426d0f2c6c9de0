import { z } from 'zod'

/**
 * docs/product.md, 'Keycode requests, delivery and release': a keycode request only moves forward, PENDING → INPROGRESS
 * → FULFILLED; a paid one that ends without a keycode is REFUNDED instead of FULFILLED ('Orders that end without a
 * keycode').
 */
export const RequestStatusSchema = z.enum(['PENDING', 'INPROGRESS', 'FULFILLED', 'REFUNDED'])
export type RequestStatus = z.infer<typeof RequestStatusSchema>

/** How a status reads on screen (the labels of docs/product.md, 'Keycode requests, delivery and release'). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  PENDING: 'Pending',
  INPROGRESS: 'In Progress',
  FULFILLED: 'Fulfilled',
  REFUNDED: 'Refunded',
}

/**
 * One event of GET /vehicle/user-requests/stream (docs/product.md, 'Catalogue, ordering and cart'): one of the signed-in user's keycode
 * requests changed status. Only the id and the status travel; the dashboard reads the request itself back.
 */
export const RequestStatusEventSchema = z.object({
  requestId: z.string(),
  status: RequestStatusSchema,
})
export type RequestStatusEvent = z.infer<typeof RequestStatusEventSchema>
