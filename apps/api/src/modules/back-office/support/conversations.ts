import type { SubscriptionTier } from '@keydesk/contracts/subscription-constants'
import { needsOnCallAlert, SUPPORT_HOURS_TEXT, supportAnswerDueAt, supportTierOf } from '@keydesk/contracts/support-deadlines'
import type { DbExecutor } from '../../../db/database.ts'
import type { Uses } from '../../../ports.ts'
import { findMemberHolding } from '../../ordering/index.ts'
import { enqueueMail, renderMail } from '../../platform/index.ts'
import { type ConversationRow, insertConversation, markOnCallAlerted, updateConversation } from './conversation-repository.ts'

/**
 * The rules of a support conversation (docs/decisions/034), in one place every path goes through: the contact form,
 * the chat, a member's reply in the account, a visitor's reply by link and an admin's answer. Each runs inside the
 * caller's transaction, on a conversation row the caller has locked.
 */

/** The plan a member's message is promised by: the one they hold at that moment (a running trial's tier); none for a visitor. */
export async function writerTier(db: DbExecutor, userId: string | null, at: Date): Promise<SubscriptionTier> {
  if (userId === null) return 'NONE'
  const { member } = await findMemberHolding(db, userId, at)
  return supportTierOf(member?.role === 'BASEUSER' ? member : null, at)
}

export interface NewConversation {
  channel: 'CONTACT' | 'CHAT'
  userId: string | null
  guestName: string | null
  guestEmail: string | null
  subject: string
  vehicleRequestId: string | null
}

/**
 * Opens a conversation with its deadline from the writer's plan now; an Enterprise conversation opened outside
 * support hours alerts the admins on call at once, by one mail the conversation can only ever queue once.
 */
export async function openConversation(
  tx: DbExecutor,
  ports: Uses<'config' | 'secretKey'>,
  opening: NewConversation,
  at: Date,
): Promise<{ conversation: ConversationRow; onCallAlerted: boolean }> {
  const plan = await writerTier(tx, opening.userId, at)
  const dueAt = supportAnswerDueAt(plan, at)
  const conversation = await insertConversation(tx, {
    ...opening,
    plan,
    state: 'OPEN',
    firstAnswerDueAt: dueAt,
    answerDueAt: dueAt,
    lastMessageAt: at,
    createdAt: at,
  })
  const onCallAlerted = needsOnCallAlert(plan, at) && (await alertOnCall(tx, ports, conversation, at))
  return { conversation, onCallAlerted }
}

async function alertOnCall(tx: DbExecutor, ports: Uses<'config' | 'secretKey'>, conversation: ConversationRow, at: Date): Promise<boolean> {
  if (!(await markOnCallAlerted(tx, conversation.id, at))) return false
  const mail = await renderMail({
    subject: `[On call] Enterprise conversation due by ${conversation.firstAnswerDueAt.toISOString()}`,
    preview: 'An Enterprise member wrote outside support hours; the answer is due within the hour.',
    greeting: { line: 'Hello,' },
    paragraphs: [
      `An Enterprise member wrote to support outside support hours (${SUPPORT_HOURS_TEXT}). Their plan promises an answer within the hour, at any hour.`,
    ],
    facts: [
      { label: 'Channel', value: conversation.channel === 'CHAT' ? 'Chat' : 'Contact form' },
      { label: 'Due', value: conversation.firstAnswerDueAt.toISOString() },
    ],
    action: { label: 'Open the support inbox', url: `${ports.config.publicUrl}/admin/support?conversation=${conversation.id}` },
  })
  for (const to of ports.config.supportOnCallEmails)
    await enqueueMail(tx, { ...mail, to, dedupeKey: `support-on-call:${conversation.id}:${to}` }, ports.secretKey)
  return true
}

/**
 * A customer's message on a conversation: it waits on support again. A conversation already waiting keeps the earlier
 * deadline; one that waited on the customer or was closed is reopened with a deadline from the writer's plan now.
 */
export async function noteCustomerMessage(tx: DbExecutor, conversation: ConversationRow, at: Date): Promise<void> {
  if (conversation.state === 'OPEN' && conversation.answerDueAt !== null) {
    await updateConversation(tx, conversation.id, { lastMessageAt: at })
    return
  }
  const plan = await writerTier(tx, conversation.userId, at)
  await updateConversation(tx, conversation.id, { state: 'OPEN', answerDueAt: supportAnswerDueAt(plan, at), lastMessageAt: at })
}

/** Support's answer: the first one is recorded for the measures, the conversation then waits on the customer or is closed. */
export async function noteAnswer(tx: DbExecutor, conversation: ConversationRow, adminId: string, at: Date, close: boolean): Promise<void> {
  await updateConversation(tx, conversation.id, {
    state: close ? 'CLOSED' : 'WAITING',
    answerDueAt: null,
    firstAnsweredAt: conversation.firstAnsweredAt ?? at,
    handlerId: conversation.handlerId ?? adminId,
    lastMessageAt: at,
  })
}

/** Closing asks nothing of the customer: no deadline is left, and their next message reopens it. */
export async function closeConversation(tx: DbExecutor, conversation: ConversationRow): Promise<void> {
  await updateConversation(tx, conversation.id, { state: 'CLOSED', answerDueAt: null })
}
