import { z } from 'zod'
import { SUPPORT_HOURS_TEXT, SUPPORT_PROMISES } from './support-deadlines.ts'

/** POST /support/contact (docs/product.md, 'Member area, files, chat and support'): all four fields required. */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Email is invalid')),
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  message: z.string().trim().min(1, 'Message is required').max(5000),
  /** A signed-in member's own order the message is about (docs/decisions/034); refused for anyone else. */
  requestId: z.uuid().optional(),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>

export const CONTACT_MESSAGES = {
  sent: 'Thanks! Your message has been sent.',
  failed: "Sorry, we couldn't send your message. Please try again.",
} as const

/** The policy's support hours and its aim for writers without a plan, from the constants the deadlines are counted with. */
export const SUPPORT_HOURS = `${SUPPORT_HOURS_TEXT}; we aim to answer within ${SUPPORT_PROMISES.NONE.hours} hours.`

/**
 * docs/product.md, 'Checkout and payment': the payment pages link to support by e-mail and phone. The e-mail matches the server's default
 * SUPPORT_EMAIL (README); a deployment sets VITE_SUPPORT_EMAIL / VITE_SUPPORT_PHONE for the web app.
 */
export const SUPPORT_CONTACT = { email: 'support@keydesk.local', phone: '+1-555-010-0199' } as const
