import { supportAnswerDueAt } from '@keydesk/contracts/support-deadlines'
import { CHAT_CONVERSATION_SUBJECT } from '@keydesk/contracts/support-inbox'
import type { DbExecutor } from '../../../db/database.ts'
import type { PeriodicJob } from '../../../lib/periodic-jobs.ts'
import type { Uses } from '../../../ports.ts'
import { type EarlierChatLine, findMembersWithEarlierChat, linkChatLines, lockEarlierChat } from '../chat/repository.ts'
import { insertConversation } from '../support/conversation-repository.ts'
import { writerTier } from '../support/conversations.ts'
import { linkContactMessage, lockEarlierContactMessages } from '../support/repository.ts'

/**
 * Brings the messages written before the support inbox existed into it (docs/decisions/034), so that a deployment's
 * earlier questions are found where every later one is: each contact message becomes a contact conversation, each
 * member's chat one chat conversation, with the deadlines the one function gives for the times they were written.
 * Nothing is mailed and no on-call alert goes out: these were seen in the mailbox and the chat panel long ago.
 * Idempotent and batched; answers how many conversations it opened.
 */
export async function bringEarlierMessagesIntoInbox(ports: Uses<'database' | 'clock'>, batchSize: number, signal?: AbortSignal) {
  const counts = { contactConversations: 0, chatConversations: 0 }
  for (;;) {
    if (signal?.aborted) return counts
    const opened = await ports.database.db.transaction((tx) => importContactMessages(tx, ports.clock.now(), batchSize))
    counts.contactConversations += opened
    if (opened < batchSize) break
  }
  for (;;) {
    if (signal?.aborted) return counts
    const members = await findMembersWithEarlierChat(ports.database.db, batchSize)
    for (const userId of members)
      counts.chatConversations += await ports.database.db.transaction((tx) => importMemberChat(tx, userId, ports.clock.now()))
    if (members.length < batchSize) break
  }
  return counts
}

const BATCH = 200

/**
 * Runs soon after every start and then hourly: after the release that brought the inbox it finds the earlier messages,
 * and during a rolling deployment it also takes those a process of the previous release wrote meanwhile; once none are
 * left a run costs one index probe per table.
 */
export function earlierSupportMessagesJob(ports: Uses<'database' | 'clock' | 'log'>): PeriodicJob {
  return {
    name: 'earlier-support-messages',
    everyMs: 60 * 60 * 1000,
    run: async (signal) => {
      const counts = await bringEarlierMessagesIntoInbox(ports, BATCH, signal)
      if (counts.contactConversations + counts.chatConversations > 0)
        ports.log.info({ job: 'earlier-support-messages', ...counts }, 'earlier support messages brought into the inbox')
    },
  }
}

/**
 * A contact message was mailed to the support inbox's address when it came, and its answer, if any, lives in that
 * mailbox: one still within its promise waits on support like a new one; an older one arrives closed instead of
 * filling the inbox with questions the mailbox answered. The form did not record who was signed in, and the address
 * typed in it proves nothing, so the conversation is the visitor's, never attached to an account.
 */
async function importContactMessages(tx: DbExecutor, now: Date, batchSize: number): Promise<number> {
  const messages = await lockEarlierContactMessages(tx, batchSize)
  for (const message of messages) {
    const dueAt = supportAnswerDueAt('NONE', message.createdAt)
    const waiting = dueAt > now
    const conversation = await insertConversation(tx, {
      channel: 'CONTACT',
      userId: null,
      guestName: message.name,
      guestEmail: message.email,
      subject: message.subject,
      vehicleRequestId: null,
      plan: 'NONE',
      state: waiting ? 'OPEN' : 'CLOSED',
      firstAnswerDueAt: dueAt,
      answerDueAt: waiting ? dueAt : null,
      lastMessageAt: message.createdAt,
      createdAt: message.createdAt,
      importedAt: now,
    })
    await linkContactMessage(tx, message.id, conversation.id)
  }
  return messages.length
}

/**
 * A member's chat before the inbox was one thread: it becomes one conversation whose state the thread itself tells (the
 * member's message last: waiting on support since their first unanswered line; support's last: waiting on the member),
 * its first answer the first line support wrote after the member's first, each deadline from the plan the member held
 * when writing. Answers 1 when it opened a conversation, 0 when another run had taken the member's lines.
 */
async function importMemberChat(tx: DbExecutor, userId: string, now: Date): Promise<number> {
  const lines = await lockEarlierChat(tx, userId)
  const firstAsked = lines.find((line) => line.sender === 'USER')
  const last = lines.at(-1)
  if (!firstAsked || !last) return 0
  const firstAnswer = lines.find((line) => line.sender === 'AGENT' && line.createdAt >= firstAsked.createdAt)
  const unanswered = firstUnansweredLine(lines)
  const plan = await writerTier(tx, userId, firstAsked.createdAt)
  const conversation = await insertConversation(tx, {
    channel: 'CHAT',
    userId,
    guestName: null,
    guestEmail: null,
    subject: CHAT_CONVERSATION_SUBJECT,
    vehicleRequestId: null,
    plan,
    state: unanswered ? 'OPEN' : 'WAITING',
    handlerId: firstAnswer?.authorId ?? null,
    firstAnswerDueAt: supportAnswerDueAt(plan, firstAsked.createdAt),
    answerDueAt: unanswered ? supportAnswerDueAt(await writerTier(tx, userId, unanswered.createdAt), unanswered.createdAt) : null,
    firstAnsweredAt: firstAnswer?.createdAt ?? null,
    lastMessageAt: last.createdAt,
    createdAt: lines[0]?.createdAt ?? firstAsked.createdAt,
    importedAt: now,
  })
  await linkChatLines(
    tx,
    lines.map((line) => line.id),
    conversation.id,
  )
  return 1
}

/** The member's first line after support's last one, when the member wrote last; none when support answered last. */
function firstUnansweredLine(lines: EarlierChatLine[]): EarlierChatLine | undefined {
  if (lines.at(-1)?.sender !== 'USER') return undefined
  const lastAnswer = lines.findLastIndex((line) => line.sender === 'AGENT')
  return lines[lastAnswer + 1]
}
