import { z } from 'zod'
import { CHAT_MESSAGE_MAX_LENGTH } from './chat.ts'
import { SUBSCRIPTION_TIERS } from './subscription-constants.ts'
import { SUPPORT_HOURS_TEXT } from './support-deadlines.ts'

/** The support inbox (docs/decisions/034): every contact message and chat is a conversation with a deadline by plan. */
export const SUPPORT_CHANNELS = ['CONTACT', 'CHAT'] as const
export const SUPPORT_STATES = ['OPEN', 'WAITING', 'CLOSED'] as const
export type SupportState = (typeof SUPPORT_STATES)[number]
export const SupportStateSchema = z.enum(SUPPORT_STATES)
export const SupportPlanSchema = z.enum(SUBSCRIPTION_TIERS)

export const SUPPORT_STATE_LABELS: Record<SupportState, string> = {
  OPEN: 'Waiting on support',
  WAITING: 'Waiting on the customer',
  CLOSED: 'Closed',
}

export const SUPPORT_INBOX_PAGE_SIZE = 25
/** How long a visitor's reply link works, and the window the back office measures. */
export const SUPPORT_REPLY_LINK_TTL_DAYS = 14
export const SUPPORT_METRICS_DAYS = 30

export const SupportMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['CUSTOMER', 'SUPPORT']),
  message: z.string(),
  createdAt: z.string(),
})
export type SupportMessage = z.infer<typeof SupportMessageSchema>

/** A conversation as its writer sees it. */
export const SupportConversationSummarySchema = z.object({
  id: z.string(),
  channel: z.enum(SUPPORT_CHANNELS),
  subject: z.string(),
  state: SupportStateSchema,
  lastMessageAt: z.string(),
  /** The order the conversation is about, by its request id; null when none was attached. */
  requestId: z.string().nullable(),
})
export type SupportConversationSummary = z.infer<typeof SupportConversationSummarySchema>

export const SupportThreadSchema = SupportConversationSummarySchema.extend({ messages: z.array(SupportMessageSchema) })
export type SupportThread = z.infer<typeof SupportThreadSchema>

export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) })

export const MemberSupportConversationsSchema = z.object({
  conversations: z.array(SupportConversationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
})

export const SupportReplyBodySchema = z.object({
  message: z.string().trim().min(1, 'Please type a message.').max(CHAT_MESSAGE_MAX_LENGTH),
})
export type SupportReplyBody = z.infer<typeof SupportReplyBodySchema>

/** A visitor's mail link: the token from the address's fragment. */
export const SupportLinkBodySchema = z.object({ token: z.string().min(20).max(100) })
export const SupportLinkReplyBodySchema = SupportLinkBodySchema.extend(SupportReplyBodySchema.shape)

/** GET /admin/support/conversations: filters by plan, state and handler ('me', 'none' or an admin's id). */
export const SupportInboxQuerySchema = PageQuerySchema.extend({
  state: SupportStateSchema.optional(),
  plan: SupportPlanSchema.optional(),
  handler: z.union([z.enum(['me', 'none']), z.uuid()]).optional(),
})
export type SupportInboxQuery = z.infer<typeof SupportInboxQuerySchema>

export const SupportInboxItemSchema = z.object({
  id: z.string(),
  channel: z.enum(SUPPORT_CHANNELS),
  subject: z.string(),
  state: SupportStateSchema,
  plan: SupportPlanSchema,
  /** The writer in words: a member's name and e-mail, or the visitor's. */
  writer: z.object({ name: z.string(), email: z.string(), member: z.boolean() }),
  handler: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** When an answer is due; null while the conversation waits on the customer or is closed. */
  answerDueAt: z.string().nullable(),
  firstAnswerDueAt: z.string(),
  firstAnsweredAt: z.string().nullable(),
  onCallAlerted: z.boolean(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  /**
   * When a conversation written before the inbox existed was brought into it; null for every other. Its answers, if
   * support sent them by mail, are not in its thread.
   */
  importedAt: z.string().nullable(),
  requestId: z.string().nullable(),
  /**
   * The attached order in words, and what the admin dashboard's search finds it by (its confirmation number once
   * paid, else its VIN); null when none was attached or it is gone.
   */
  order: z.object({ vehicle: z.string(), confirmationNumber: z.string().nullable(), search: z.string() }).nullable(),
})
export type SupportInboxItem = z.infer<typeof SupportInboxItemSchema>

export const SupportInboxPageSchema = z.object({
  conversations: z.array(SupportInboxItemSchema),
  total: z.number().int(),
  page: z.number().int(),
})
export type SupportInboxPage = z.infer<typeof SupportInboxPageSchema>

export const SupportInboxThreadSchema = SupportInboxItemSchema.extend({ messages: z.array(SupportMessageSchema) })
export type SupportInboxThread = z.infer<typeof SupportInboxThreadSchema>

/** An admin's answer; `close` ends the conversation with it (a reply from the customer reopens it). */
export const SupportAnswerBodySchema = SupportReplyBodySchema.extend({ close: z.boolean().default(false) })
export type SupportAnswerBody = z.infer<typeof SupportAnswerBodySchema>

/** Take the conversation (handler 'me'), let it go (null), or close it. */
export const SupportConversationChangeSchema = z
  .object({ handler: z.enum(['me']).nullable().optional(), state: z.enum(['CLOSED']).optional() })
  .refine((change) => change.handler !== undefined || change.state !== undefined, 'Say what changes.')
export type SupportConversationChange = z.infer<typeof SupportConversationChangeSchema>

export const SupportPlanFiguresSchema = z.object({
  plan: SupportPlanSchema,
  conversations: z.number().int(),
  answered: z.number().int(),
  /** Answered by the first-answer deadline, of every conversation whose deadline has passed or that was answered. */
  withinPromise: z.number().int(),
  /** withinPromise as a share of the conversations measured, 0 to 1; null when none was. */
  shareWithinPromise: z.number().nullable(),
  medianFirstAnswerMinutes: z.number().nullable(),
})
export type SupportPlanFigures = z.infer<typeof SupportPlanFiguresSchema>
export const SupportMetricsSchema = z.object({ since: z.string(), plans: z.array(SupportPlanFiguresSchema) })
export type SupportMetrics = z.infer<typeof SupportMetricsSchema>

/** The subject of a conversation opened by live chat, which has none of its own. */
export const CHAT_CONVERSATION_SUBJECT = 'Live chat'

/** What an Enterprise writer is told when their message came outside support hours. */
export const SUPPORT_ON_CALL_NOTICE = {
  title: 'Our admins on call have your message',
  message: `You wrote outside support hours (${SUPPORT_HOURS_TEXT}), so we have alerted the admins on call: your Enterprise plan is answered within the hour.`,
} as const

export const SUPPORT_INBOX_MESSAGES = {
  notFound: 'Conversation not found.',
  linkInvalid: 'This link has expired or was already used. Write to us again from the support page.',
  replied: 'Your reply has been sent.',
  answered: 'Answer sent.',
  onCallAlerted: `Thanks! Your message has been sent. ${SUPPORT_ON_CALL_NOTICE.message}`,
  orderNotFound: 'That order is not one of yours.',
} as const
