import { CHAT_MESSAGES, type ChatHistoryQuery, type ChatMessage, type SendChatMessageBody } from '@keydesk/contracts/chat'
import { CHAT_CONVERSATION_SUBJECT, SUPPORT_ON_CALL_NOTICE } from '@keydesk/contracts/support-inbox'
import { AppError, notFound } from '../../../errors.ts'
import { actsAsAdmin } from '../../../plugins/app/auth.ts'
import type { Database, Principal, Uses } from '../../../ports.ts'
import { findUserById, findUserNames } from '../../accounts/index.ts'
import { findMemberHolding } from '../../ordering/index.ts'
import { postNotice } from '../../platform/index.ts'
import { findChatAnswerDeadlines, lockOpenChatConversation } from '../support/conversation-repository.ts'
import { noteAnswer, noteCustomerMessage, openConversation } from '../support/conversations.ts'
import type { ChatHub } from './chat-hub.ts'
import {
  type ChatMessageRow,
  countUnansweredConversations,
  findChatMessage,
  findConversationPage,
  findConversations,
  insertChatMessage,
} from './repository.ts'

const toView = (row: ChatMessageRow): ChatMessage => ({ ...row, createdAt: row.createdAt.toISOString() })

/** Members need premium access (trial included); admins always may, they answer. */
export async function assertMayChat(db: Database, principal: Principal, now: Date): Promise<void> {
  if (actsAsAdmin(principal)) return
  const { member, access } = await findMemberHolding(db, principal.id, now)
  if (!member || access.type === 'none') throw new AppError('FORBIDDEN', CHAT_MESSAGES.premiumRequired)
}

/** Whose conversation a call is about: a member's own; for an admin, the member named in the call. */
async function conversationOf(db: Database, principal: Principal, userId: string | undefined): Promise<string> {
  if (!actsAsAdmin(principal)) {
    if (userId && userId !== principal.id) throw new AppError('FORBIDDEN', 'Access denied.')
    return principal.id
  }
  if (!userId)
    throw new AppError('VALIDATION_ERROR', CHAT_MESSAGES.adminNeedsConversation, [
      { field: 'userId', message: CHAT_MESSAGES.adminNeedsConversation },
    ])
  const member = await findUserById(db, userId)
  if (member?.role !== 'BASEUSER') throw notFound()
  return userId
}

/**
 * A chat message is part of the member's chat conversation in the support inbox (docs/decisions/034): a member's
 * message joins the one not closed, or opens a new one with its deadline; an admin's answers it. An admin writing
 * when the member has none open writes outside any conversation, as before the inbox.
 */
export async function sendChatMessage(
  ports: Uses<'database' | 'clock' | 'config' | 'secretKey'>,
  hub: ChatHub,
  principal: Principal,
  body: SendChatMessageBody,
): Promise<ChatMessage> {
  const db = ports.database.db
  const now = ports.clock.now()
  const userId = await conversationOf(db, principal, body.userId)
  await assertMayChat(db, principal, now)
  const agent = actsAsAdmin(principal)
  const row = await db.transaction(async (tx) => {
    let conversation = await lockOpenChatConversation(tx, userId)
    if (agent && conversation) await noteAnswer(tx, conversation, principal.id, now, false)
    else if (conversation) await noteCustomerMessage(tx, conversation, now)
    else if (!agent) {
      const opened = await openConversation(
        tx,
        ports,
        { channel: 'CHAT', userId, guestName: null, guestEmail: null, subject: CHAT_CONVERSATION_SUBJECT, vehicleRequestId: null },
        now,
      )
      conversation = opened.conversation
      if (opened.onCallAlerted)
        await postNotice(tx, { userId, title: SUPPORT_ON_CALL_NOTICE.title, message: SUPPORT_ON_CALL_NOTICE.message })
    }
    return insertChatMessage(tx, {
      userId,
      sender: agent ? 'AGENT' : 'USER',
      authorId: principal.id,
      message: body.message,
      conversationId: conversation?.id ?? null,
    })
  })
  const message = toView(row)
  await hub.publish(message)
  return message
}

/** A page of one conversation, oldest first as a chat window shows it. */
export async function readChatHistory(db: Database, principal: Principal, query: ChatHistoryQuery): Promise<ChatMessage[]> {
  const userId = await conversationOf(db, principal, query.userId)
  const rows = await findConversationPage(db, userId, query.limit, query.before ? new Date(query.before) : undefined)
  return rows.reverse().map(toView)
}

/** The chat list's length: the members an admin can scan at once. */
const CHAT_LIST_SIZE = 100

/**
 * Members who have a chat, ordered as the support inbox orders its conversations (docs/decisions/034): those whose chat
 * waits on support, the soonest answer deadline first, then the others, the most recently active first.
 */
export async function listChatConversations(db: Database) {
  const deadlines = await findChatAnswerDeadlines(db, CHAT_LIST_SIZE)
  const due = new Map(deadlines.map((row) => [row.userId, row.answerDueAt]))
  const [waiting, recent] = await Promise.all([
    due.size > 0 ? findConversations(db, CHAT_LIST_SIZE, [...due.keys()]) : [],
    findConversations(db, CHAT_LIST_SIZE),
  ])
  const waitingOf = new Map(waiting.map((row) => [row.userId, row]))
  const rows = [...deadlines.flatMap((row) => waitingOf.get(row.userId) ?? []), ...recent.filter((row) => !due.has(row.userId))].slice(
    0,
    CHAT_LIST_SIZE,
  )
  const members = await findUserNames(
    db,
    rows.map((row) => row.userId),
  )
  // A member deleted between the two reads has no conversation any more (their messages go with the account).
  return rows.flatMap(({ userId, lastMessageAt, lastSender }) => {
    const member = members.get(userId)
    if (!member) return []
    return [
      {
        userId,
        email: member.email,
        fname: member.fname,
        lname: member.lname,
        lastMessageAt: new Date(lastMessageAt ?? 0).toISOString(),
        awaitingReply: lastSender === 'USER',
        answerDueAt: due.get(userId)?.toISOString() ?? null,
      },
    ]
  })
}

export const countUnreadConversations = async (db: Database) => ({ count: await countUnansweredConversations(db) })

/** Which messages a stream shows: a member sees their conversation, an admin sees every conversation. */
export function streamFilterFor(principal: Principal): (message: ChatMessage) => boolean {
  if (actsAsAdmin(principal)) return () => true
  return (message) => message.userId === principal.id
}

export async function readChatMessage(db: Database, id: string): Promise<ChatMessage | undefined> {
  const row = await findChatMessage(db, id)
  return row && toView(row)
}
