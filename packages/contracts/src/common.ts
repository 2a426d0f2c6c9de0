import { z } from 'zod'

/** The answer of every call whose only news is a sentence for the person: `{ message }`. */
export const MessageAnswerSchema = z.object({ message: z.string() })

/** A route on one object named by its id in the path: `/…/:id`. */
export const IdParamsSchema = z.object({ id: z.uuid() })
