import { z } from 'zod'

/** Where a request sits in its bulk order's batch, as the admin queue, the cart and the mails show it. */
export const BatchPlaceSchema = z.object({ code: z.string(), position: z.number().int(), size: z.number().int() })
export type BatchPlace = z.infer<typeof BatchPlaceSchema>

/** "3 of 20, batch B-7K2QX4". */
export const batchPlaceText = (place: BatchPlace) => `${place.position} of ${place.size}, batch ${place.code}`

/** A batch code as members and admins type it: 'B-' and six letters or digits, any case. */
export const BatchCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^B-[A-Z0-9]{6}$/, 'A batch code reads like B-7K2QX4.')
