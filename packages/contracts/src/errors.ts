import { z } from 'zod'

/** docs/architecture.md, 'How a request flows': every error answer; `message` and `error` carry the same text. */
export const ErrorAnswerSchema = z.object({
  code: z.string(),
  message: z.string(),
  error: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
})
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>

/**
 * The one reading of a failed call's body: the error answer when the body has its shape, else null (a proxy's page,
 * an empty body), so every client tells "the server said this" from "the server said nothing it meant for people".
 */
export function parseErrorAnswer(payload: unknown): ErrorAnswer | null {
  const parsed = ErrorAnswerSchema.safeParse(payload)
  return parsed.success ? parsed.data : null
}
