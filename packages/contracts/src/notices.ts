import { z } from 'zod'

/** docs/product.md §12 "Notice". */
export const NoticeSchema = z.object({ id: z.string(), title: z.string(), date: z.string(), message: z.string() })
export type Notice = z.infer<typeof NoticeSchema>
export const NoticesAnswerSchema = z.array(NoticeSchema)

export const NOTICES_SHOWN = 20
