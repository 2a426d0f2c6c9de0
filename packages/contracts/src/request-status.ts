import { z } from 'zod'

/** Spec 4: a keycode request only moves forward, PENDING → INPROGRESS → FULFILLED. */
export const RequestStatusSchema = z.enum(['PENDING', 'INPROGRESS', 'FULFILLED'])
export type RequestStatus = z.infer<typeof RequestStatusSchema>
