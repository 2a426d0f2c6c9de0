import { z } from 'zod'

export const HealthAnswerSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
})
export type HealthAnswer = z.infer<typeof HealthAnswerSchema>
