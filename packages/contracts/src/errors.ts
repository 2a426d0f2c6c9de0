import { z } from 'zod'

/** docs/architecture.md, 'How a request flows': every error answer; `message` and `error` carry the same text. */
export const ErrorAnswerSchema = z.object({
  code: z.string(),
  message: z.string(),
  error: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
})
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>
