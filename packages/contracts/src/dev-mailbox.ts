import { z } from 'zod'

/** How many of the newest mails the development mailbox shows. */
export const DEV_MAILBOX_SIZE = 100

/** GET /api/dev/mailbox: development only, newest first (docs/decisions/013). */
export const DevMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  sentAt: z.string(),
})
export type DevMail = z.infer<typeof DevMailSchema>
export const DevMailboxSchema = z.array(DevMailSchema)
