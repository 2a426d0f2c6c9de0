import { z } from 'zod'

/** A chat message (docs/product.md, 'Member area, files, chat and support'): USER for the member, AGENT for an admin answering. */
export const ChatSenderSchema = z.enum(['USER', 'AGENT'])
export type ChatSender = z.infer<typeof ChatSenderSchema>

export const CHAT_MESSAGE_MAX_LENGTH = 2000
export const CHAT_HISTORY_MAX = 100
/** SSE comment lines keep proxies from closing an idle stream. */
export const CHAT_HEARTBEAT_MS = 15_000
/** Messages one account may send in a minute (a person types a few; each reaches every admin's screen). */
export const CHAT_MESSAGES_PER_MINUTE = 20

export const ChatMessageSchema = z.object({
  id: z.string(),
  /** The member whose conversation this is; admins see every conversation on their stream. */
  userId: z.string(),
  sender: ChatSenderSchema,
  message: z.string(),
  createdAt: z.string(),
})
export type ChatMessage = z.infer<typeof ChatMessageSchema>

/** POST /chat/send. `userId` is only for admins answering a member; a member always writes to their own conversation. */
export const SendChatMessageBodySchema = z.object({
  message: z.string().trim().min(1, 'Please type a message.').max(CHAT_MESSAGE_MAX_LENGTH),
  userId: z.uuid().optional(),
})
export type SendChatMessageBody = z.infer<typeof SendChatMessageBodySchema>
/** The chat box: the message alone; whose conversation it is comes from the screen. */
export const ChatMessageFormSchema = SendChatMessageBodySchema.pick({ message: true })
export type ChatMessageForm = z.infer<typeof ChatMessageFormSchema>

/** GET /chat/history: newest page first in storage, answered oldest first; `before` pages back. */
export const ChatHistoryQuerySchema = z.object({
  userId: z.uuid().optional(),
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX).default(50),
})
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuerySchema>

export const ChatHistoryAnswerSchema = z.array(ChatMessageSchema)

/**
 * GET /chat/conversations (admins): members who wrote, the soonest answer deadline first (docs/decisions/034), then
 * the latest.
 */
export const ChatConversationSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  lastMessageAt: z.string(),
  /** The latest message is the member's: nobody from support has answered it yet (docs/decisions/016). */
  awaitingReply: z.boolean(),
  /** When support's answer to the member's chat is due; null while it waits on nobody. */
  answerDueAt: z.string().nullable(),
})
export const ChatConversationsAnswerSchema = z.array(ChatConversationSchema)
export type ChatConversation = z.infer<typeof ChatConversationSchema>

/** GET /chat/unread-count (admins): conversations waiting for an answer, shown in the admin header. */
export const ChatUnreadCountSchema = z.object({ count: z.number().int() })

export const CHAT_MESSAGES = {
  premiumRequired: 'Live chat is for members with premium access. Start your free trial or subscribe to chat with support.',
  adminNeedsConversation: 'Choose the member whose conversation you are answering.',
} as const
