import { SUBSCRIPTION_TIERS } from '@keydesk/contracts/subscription-constants'
import {
  SUPPORT_INBOX_MESSAGES,
  SUPPORT_INBOX_PAGE_SIZE,
  SUPPORT_METRICS_DAYS,
  SUPPORT_REPLY_LINK_TTL_DAYS,
  type SupportAnswerBody,
  type SupportConversationChange,
  type SupportConversationSummary,
  type SupportInboxItem,
  type SupportInboxPage,
  type SupportInboxQuery,
  type SupportInboxThread,
  type SupportMessage,
  type SupportMetrics,
  type SupportThread,
} from '@keydesk/contracts/support-inbox'
import { DAY_MS } from '@keydesk/contracts/time'
import { stringify } from 'csv-stringify/sync'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { guardFormula } from '../../../lib/csv-cells.ts'
import { digest, newOpaqueToken } from '../../../lib/opaque-tokens.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findUserNames } from '../../accounts/index.ts'
import { findFirstPaidOrders, findVehicles } from '../../ordering/index.ts'
import { enqueueMail, postNotice, renderMail } from '../../platform/index.ts'
import { CHAT_TOPIC } from '../chat/chat-hub.ts'
import { findThreadMessages, insertChatMessage, insertThreadMessage } from '../chat/repository.ts'
import {
  type ConversationRow,
  countInbox,
  countMemberConversations,
  findConversation,
  findInboxPage,
  findMemberConversations,
  findOpeningMessages,
  lockConversation,
  measureConversations,
  updateConversation,
} from '../support/conversation-repository.ts'
import { closeConversation, noteAnswer, noteCustomerMessage } from '../support/conversations.ts'
import { supportAnswerMail } from './answer-mail.ts'
import { findLiveReplyLink, insertReplyLink, spendReplyLink } from './link-repository.ts'

/** A thread shows its newest messages up to this many; a support conversation is a few messages long. */
const THREAD_MESSAGES = 200

const notFound = () => new AppError('NOT_FOUND', SUPPORT_INBOX_MESSAGES.notFound)
const fullName = (names: { fname: string; lname: string }) => `${names.fname} ${names.lname}`.trim()

/** The thread: the opening contact message, if the conversation began with one, then its chat messages. */
async function threadOf(db: DbExecutor, conversation: ConversationRow): Promise<SupportMessage[]> {
  const opening = (await findOpeningMessages(db, [conversation.id])).get(conversation.id)
  const rest = await findThreadMessages(db, conversation.id, THREAD_MESSAGES)
  return [
    ...(opening
      ? [{ id: opening.id, sender: 'CUSTOMER' as const, message: opening.message, createdAt: opening.createdAt.toISOString() }]
      : []),
    ...rest.map((row) => ({
      id: row.id,
      sender: row.sender === 'USER' ? ('CUSTOMER' as const) : ('SUPPORT' as const),
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    })),
  ]
}

const summaryOf = (row: ConversationRow): SupportConversationSummary => ({
  id: row.id,
  channel: row.channel,
  subject: row.subject,
  state: row.state,
  lastMessageAt: row.lastMessageAt.toISOString(),
  requestId: row.vehicleRequestId,
})

/** Inbox rows with their writers' and handlers' names, read in one batch per page. */
async function inboxItems(db: DbExecutor, rows: ConversationRow[]): Promise<SupportInboxItem[]> {
  const requestIds = [...new Set(rows.flatMap((row) => (row.vehicleRequestId ? [row.vehicleRequestId] : [])))]
  const [people, vehicles, paidOrders] = await Promise.all([
    findUserNames(db, [...new Set(rows.flatMap((row) => [row.userId, row.handlerId]).filter((id): id is string => id !== null))]),
    findVehicles(db, requestIds),
    findFirstPaidOrders(db, requestIds),
  ])
  const vehicleOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]))
  const orderOf = (requestId: string | null): SupportInboxItem['order'] => {
    const vehicle = requestId ? vehicleOf.get(requestId) : undefined
    if (!requestId || !vehicle) return null
    const confirmationNumber = paidOrders.get(requestId)?.confirmationNumber ?? null
    const words = `${vehicle.year} ${vehicle.make} ${vehicle.model}, VIN ${vehicle.vin}`
    return { vehicle: words, confirmationNumber, search: confirmationNumber ?? vehicle.vin }
  }
  return rows.map((row) => {
    const member = row.userId === null ? undefined : people.get(row.userId)
    const handler = row.handlerId === null ? undefined : people.get(row.handlerId)
    return {
      order: orderOf(row.vehicleRequestId),
      ...summaryOf(row),
      plan: row.plan,
      writer: member
        ? { name: fullName(member), email: member.email, member: true }
        : { name: row.guestName ?? '', email: row.guestEmail ?? '', member: false },
      handler: handler && row.handlerId ? { id: row.handlerId, name: fullName(handler) } : null,
      answerDueAt: row.answerDueAt?.toISOString() ?? null,
      firstAnswerDueAt: row.firstAnswerDueAt.toISOString(),
      firstAnsweredAt: row.firstAnsweredAt?.toISOString() ?? null,
      onCallAlerted: row.onCallAlertedAt !== null,
      createdAt: row.createdAt.toISOString(),
      importedAt: row.importedAt?.toISOString() ?? null,
    }
  })
}

export async function listInbox(ports: Uses<'database'>, principal: Principal, query: SupportInboxQuery): Promise<SupportInboxPage> {
  const db = ports.database.db
  const handlerId = query.handler === 'me' ? principal.id : query.handler === 'none' ? null : query.handler
  const filter = { state: query.state, plan: query.plan, handlerId }
  const [rows, total] = await Promise.all([
    findInboxPage(db, filter, SUPPORT_INBOX_PAGE_SIZE, (query.page - 1) * SUPPORT_INBOX_PAGE_SIZE),
    countInbox(db, filter),
  ])
  return { conversations: await inboxItems(db, rows), total, page: query.page }
}

export async function readInboxThread(ports: Uses<'database'>, id: string): Promise<SupportInboxThread> {
  const db = ports.database.db
  const conversation = await findConversation(db, id)
  if (!conversation) throw notFound()
  const [item] = await inboxItems(db, [conversation])
  if (!item) throw notFound()
  return { ...item, messages: await threadOf(db, conversation) }
}

/** A new single-use link to a visitor's conversation; the token rides in the address's fragment, never sent to a server. */
async function newReplyLink(tx: DbExecutor, publicUrl: string, conversationId: string, now: Date): Promise<string> {
  const token = newOpaqueToken()
  await insertReplyLink(tx, {
    tokenHash: digest(token),
    conversationId,
    expiresAt: new Date(now.getTime() + SUPPORT_REPLY_LINK_TTL_DAYS * DAY_MS),
  })
  return `${publicUrl}/support/reply#${token}`
}

/**
 * An admin's answer: a member reads it in the account (their chat, a notice) and by mail; a visitor by mail, with a
 * link to read the thread and reply once. The message, the conversation's new state and the mail land together.
 */
export async function answerConversation(
  ports: Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events'>,
  principal: Principal,
  id: string,
  body: SupportAnswerBody,
): Promise<{ message: string }> {
  const now = ports.clock.now()
  const published = await ports.database.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id)
    if (!conversation) throw notFound()
    const member = conversation.userId === null ? undefined : (await findUserNames(tx, [conversation.userId])).get(conversation.userId)
    const written =
      conversation.userId === null
        ? await insertThreadMessage(tx, { conversationId: id, sender: 'AGENT', authorId: principal.id, message: body.message })
        : await insertChatMessage(tx, {
            userId: conversation.userId,
            sender: 'AGENT',
            authorId: principal.id,
            message: body.message,
            conversationId: id,
          })
    await noteAnswer(tx, conversation, principal.id, now, body.close)
    const to = member?.email ?? conversation.guestEmail
    const url =
      conversation.userId === null
        ? await newReplyLink(tx, ports.config.publicUrl, id, now)
        : `${ports.config.publicUrl}/user/support?conversation=${id}`
    if (conversation.userId !== null)
      await postNotice(tx, { userId: conversation.userId, title: 'Support has answered you', message: `Re: ${conversation.subject}` })
    if (to) {
      const mail = await renderMail(
        supportAnswerMail({
          subject: conversation.subject,
          answer: body.message,
          firstName: member?.fname ?? null,
          url,
          member: member !== undefined,
        }),
      )
      await enqueueMail(tx, { ...mail, to, dedupeKey: `support-answer:${written.id}` }, ports.secretKey)
    }
    return conversation.userId === null ? null : written.id
  })
  // A member's chat window shows the answer at once, like an answer typed in the chat panel.
  if (published) await ports.events.publish(CHAT_TOPIC, published)
  return { message: SUPPORT_INBOX_MESSAGES.answered }
}

/** Take a conversation, let it go, or close it. */
export async function changeConversation(
  ports: Uses<'database'>,
  principal: Principal,
  id: string,
  change: SupportConversationChange,
): Promise<SupportInboxThread> {
  await ports.database.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id)
    if (!conversation) throw notFound()
    if (change.handler !== undefined) await updateConversation(tx, id, { handlerId: change.handler === 'me' ? principal.id : null })
    if (change.state === 'CLOSED') await closeConversation(tx, conversation)
  })
  return readInboxThread(ports, id)
}

export async function listMemberConversations(ports: Uses<'database'>, principal: Principal, page: number) {
  const db = ports.database.db
  const [rows, total] = await Promise.all([
    findMemberConversations(db, principal.id, SUPPORT_INBOX_PAGE_SIZE, (page - 1) * SUPPORT_INBOX_PAGE_SIZE),
    countMemberConversations(db, principal.id),
  ])
  return { conversations: rows.map(summaryOf), total, page }
}

/** A member's own conversation; another member's reads as absent. */
async function ownConversation(db: DbExecutor, principal: Principal, id: string, lock: boolean) {
  const conversation = lock ? await lockConversation(db, id) : await findConversation(db, id)
  if (!conversation || conversation.userId !== principal.id) throw notFound()
  return conversation
}

export async function readMemberThread(ports: Uses<'database'>, principal: Principal, id: string): Promise<SupportThread> {
  const conversation = await ownConversation(ports.database.db, principal, id, false)
  return { ...summaryOf(conversation), messages: await threadOf(ports.database.db, conversation) }
}

/** A member's reply from the account joins the conversation and reopens it; the contact form never needed a plan, nor does this. */
export async function replyAsMember(
  ports: Uses<'database' | 'clock' | 'events'>,
  principal: Principal,
  id: string,
  message: string,
): Promise<SupportThread> {
  const now = ports.clock.now()
  const written = await ports.database.db.transaction(async (tx) => {
    const conversation = await ownConversation(tx, principal, id, true)
    const row = await insertChatMessage(tx, { userId: principal.id, sender: 'USER', authorId: principal.id, message, conversationId: id })
    await noteCustomerMessage(tx, conversation, now)
    return row
  })
  await ports.events.publish(CHAT_TOPIC, written.id)
  return readMemberThread(ports, principal, id)
}

/** The thread a visitor's live link opens; unknown, expired and used links get one answer. */
export async function readByLink(ports: Uses<'database' | 'clock'>, token: string): Promise<SupportThread> {
  const db = ports.database.db
  const link = await findLiveReplyLink(db, digest(token), ports.clock.now())
  const conversation = link && (await findConversation(db, link.conversationId))
  if (!conversation) throw new AppError('NOT_FOUND', SUPPORT_INBOX_MESSAGES.linkInvalid)
  return { ...summaryOf(conversation), messages: await threadOf(db, conversation) }
}

/** A visitor's reply spends the link and reopens the conversation; support's next answer sends a new link. */
export async function replyByLink(ports: Uses<'database' | 'clock'>, token: string, message: string): Promise<{ message: string }> {
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    const conversationId = await spendReplyLink(tx, digest(token), now)
    const conversation = conversationId && (await lockConversation(tx, conversationId))
    if (!conversation) throw new AppError('NOT_FOUND', SUPPORT_INBOX_MESSAGES.linkInvalid)
    await insertThreadMessage(tx, { conversationId: conversation.id, sender: 'USER', authorId: null, message })
    await noteCustomerMessage(tx, conversation, now)
  })
  return { message: SUPPORT_INBOX_MESSAGES.replied }
}

/** Per plan, over the last SUPPORT_METRICS_DAYS: the share answered within the promise and the median first answer. */
export async function measureSupport(ports: Uses<'database' | 'clock'>): Promise<SupportMetrics> {
  const now = ports.clock.now()
  const since = new Date(now.getTime() - SUPPORT_METRICS_DAYS * DAY_MS)
  const rows = new Map((await measureConversations(ports.database.db, since, now)).map((row) => [row.plan, row]))
  return {
    since: since.toISOString(),
    plans: SUBSCRIPTION_TIERS.map((plan) => {
      const row = rows.get(plan)
      const measured = row?.measured ?? 0
      return {
        plan,
        conversations: row?.conversations ?? 0,
        answered: row?.answered ?? 0,
        withinPromise: row?.withinPromise ?? 0,
        shareWithinPromise: measured === 0 ? null : (row?.withinPromise ?? 0) / measured,
        medianFirstAnswerMinutes: row?.medianMinutes == null ? null : Math.round(Number(row.medianMinutes)),
      }
    }),
  }
}

export const SUPPORT_METRICS_COLUMNS = [
  'Plan',
  'Conversations',
  'Answered',
  'Within promise',
  'Share within promise',
  'Median first answer (minutes)',
]

export async function supportMetricsCsv(ports: Uses<'database' | 'clock'>): Promise<string> {
  const metrics = await measureSupport(ports)
  return stringify(
    metrics.plans.map((row) => [
      row.plan,
      String(row.conversations),
      String(row.answered),
      String(row.withinPromise),
      row.shareWithinPromise === null ? '' : row.shareWithinPromise.toFixed(3),
      row.medianFirstAnswerMinutes === null ? '' : String(row.medianFirstAnswerMinutes),
    ]),
    { header: true, columns: SUPPORT_METRICS_COLUMNS, cast: { string: guardFormula } },
  )
}
