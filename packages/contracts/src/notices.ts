import { z } from 'zod'

/** One notice of GET /user/notices (docs/product.md, 'Member area, files, chat and support'). */
export const NoticeSchema = z.object({ id: z.string(), title: z.string(), date: z.string(), message: z.string() })
export type Notice = z.infer<typeof NoticeSchema>
export const NoticesAnswerSchema = z.array(NoticeSchema)

export const NOTICES_SHOWN = 20
