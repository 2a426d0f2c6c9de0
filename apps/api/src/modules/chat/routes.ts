import {
  CHAT_HEARTBEAT_MS,
  ChatConversationsAnswerSchema,
  ChatHistoryAnswerSchema,
  ChatHistoryQuerySchema,
  ChatMessageSchema,
  SendChatMessageBodySchema,
} from '@keydesk/contracts/chat'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type pg from 'pg'
import { principalOf, requireRole, requireUser } from '../../plugins/auth.ts'
import { type ChatHub, createLocalChatHub, createPostgresChatHub } from './chat-hub.ts'
import { assertMayChat, listChatConversations, readChatHistory, readChatMessage, sendChatMessage, streamFilterFor } from './service.ts'

/** Spec 7.7 live chat: history, send, and a server-sent event stream of new messages. */
export async function chatRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const hub: ChatHub =
    app.database.kind === 'postgres'
      ? await createPostgresChatHub({
          pool: (app.database.db as unknown as { $client: pg.Pool }).$client,
          loadMessage: (id) => readChatMessage(app.database.db, id),
          onError: (error) => app.log.error({ err: error }, 'chat fan-out failed'),
        })
      : createLocalChatHub()
  app.addHook('onClose', () => hub.close())
  const openStreams = new Set<() => void>()

  // An open stream would otherwise hold a graceful shutdown until its deadline.
  app.addHook('preClose', async () => {
    for (const close of openStreams) close()
  })

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
      config: { object: 'owner-or-admin' },
      schema: { body: SendChatMessageBodySchema, response: { 201: ChatMessageSchema } },
    },
    async (request, reply) => {
      const message = await sendChatMessage(app.database.db, hub, principalOf(request), request.body)
      return reply.status(201).send(message)
    },
  )

  api.get(
    '/chat/conversations',
    { preHandler: requireRole('ADMIN', 'SUPER_ADMIN'), schema: { response: { 200: ChatConversationsAnswerSchema } } },
    async () => listChatConversations(app.database.db),
  )

  api.get('/chat/stream', { preHandler: requireUser }, async (request, reply) => {
    const principal = principalOf(request)
    await assertMayChat(app.database.db, principal)
    const shows = streamFilterFor(principal)
    // Headers set by earlier hooks (CORS, security headers) still apply to the hijacked answer.
    const headers = reply.getHeaders() as Record<string, string | string[] | number>
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    raw.write('retry: 5000\n: connected\n\n')

    const unsubscribe = hub.subscribe((message) => {
      if (shows(message)) raw.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`)
    })
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), CHAT_HEARTBEAT_MS)
    const close = () => {
      if (!openStreams.delete(close)) return
      clearInterval(heartbeat)
      unsubscribe()
      raw.end()
    }
    openStreams.add(close)
    request.raw.on('close', close)
  })
}
