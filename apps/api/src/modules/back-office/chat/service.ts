import { CHAT_MESSAGES, type ChatHistoryQuery, type ChatMessage, type SendChatMessageBody } from '@keydesk/contracts/chat'
import { hasPremiumAccess } from '@keydesk/contracts/premium-access'
import { AppError, notFound } from '../../../errors.ts'
import { actsAsAdmin } from '../../../plugins/auth.ts'
import type { Database, Principal } from '../../../ports.ts'
import { findMemberAccess, findUserNames } from '../../accounts/index.ts'
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
  const member = await findMemberAccess(db, principal.id)
  if (!member || !hasPremiumAccess(member, now)) throw new AppError('FORBIDDEN', CHAT_MESSAGES.premiumRequired)
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
  const member = await findMemberAccess(db, userId)
  if (member?.role !== 'BASEUSER') throw notFound()
  return userId
}

export async function sendChatMessage(
  db: Database,
  hub: ChatHub,
  principal: Principal,
  body: SendChatMessageBody,
  now: Date,
): Promise<ChatMessage> {
  const userId = await conversationOf(db, principal, body.userId)
  await assertMayChat(db, principal, now)
  const row = await insertChatMessage(db, {
    userId,
    sender: actsAsAdmin(principal) ? 'AGENT' : 'USER',
    authorId: principal.id,
    message: body.message,
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

export async function listChatConversations(db: Database) {
  const rows = await findConversations(db, 100)
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
