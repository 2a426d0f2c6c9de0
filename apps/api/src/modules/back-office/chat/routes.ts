import {
  CHAT_HEARTBEAT_MS,
  CHAT_MESSAGES_PER_MINUTE,
  ChatConversationsAnswerSchema,
  ChatHistoryAnswerSchema,
  ChatHistoryQuerySchema,
  ChatMessageSchema,
  ChatUnreadCountSchema,
  SendChatMessageBodySchema,
} from '@keydesk/contracts/chat'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireRole, requireUser } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { createChatHub } from './chat-hub.ts'
import {
  assertMayChat,
  countUnreadConversations,
  listChatConversations,
  readChatHistory,
  readChatMessage,
  sendChatMessage,
  streamFilterFor,
} from './service.ts'

/** docs/product.md, 'Member area, files, chat and support': live chat: history, send, and a server-sent event stream of new messages. */
export async function chatRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const hub = createChatHub({
    events: app.events,
    loadMessage: (id) => readChatMessage(app.database.db, id),
    onError: (error) => app.log.error({ err: error }, 'chat fan-out failed'),
  })
  app.addHook('onClose', async () => hub.close())

  api.get(
    '/chat/history',
    {
      preHandler: requireUser,
      config: { object: 'owner-or-admin' },
      schema: { querystring: ChatHistoryQuerySchema, response: { 200: ChatHistoryAnswerSchema } },
    },
    async (request) => readChatHistory(app.database.db, principalOf(request), request.query),
  )

  api.post(
    '/chat/send',
    {
      preValidation: requireUser,
      // Per account: a person types a few messages a minute, and each one is pushed to every admin's screen.
      config: { object: 'owner-or-admin', rateLimit: perAccountLimit('chat-send', CHAT_MESSAGES_PER_MINUTE, '1 minute') },
      schema: { body: SendChatMessageBodySchema, response: { 201: ChatMessageSchema } },
    },
    async (request, reply) => {
      const message = await sendChatMessage(app, hub, principalOf(request), request.body)
      return reply.status(201).send(message)
    },
  )

  api.get(
    '/chat/conversations',
    { preHandler: requireRole('ADMIN', 'SUPER_ADMIN'), schema: { response: { 200: ChatConversationsAnswerSchema } } },
    async () => listChatConversations(app.database.db),
  )

  api.get(
    '/chat/unread-count',
    { preHandler: requireRole('ADMIN', 'SUPER_ADMIN'), schema: { response: { 200: ChatUnreadCountSchema } } },
    async () => countUnreadConversations(app.database.db),
  )

  api.get('/chat/stream', { preHandler: requireUser }, async (request, reply) => {
    const principal = principalOf(request)
    await assertMayChat(app.database.db, principal, app.clock.now())
    const shows = streamFilterFor(principal)
    const stream = app.openEventStream(request, reply, { heartbeatMs: CHAT_HEARTBEAT_MS })
    stream.onClose(
      hub.subscribe((message) => {
        if (shows(message)) stream.send('message', message)
      }),
    )
  })
}
