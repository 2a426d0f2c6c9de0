import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import {
  MemberSupportConversationsSchema,
  PageQuerySchema,
  SupportAnswerBodySchema,
  SupportConversationChangeSchema,
  SupportInboxPageSchema,
  SupportInboxQuerySchema,
  SupportInboxThreadSchema,
  SupportLinkBodySchema,
  SupportLinkReplyBodySchema,
  SupportMetricsSchema,
  SupportReplyBodySchema,
  SupportThreadSchema,
} from '@keydesk/contracts/support-inbox'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import {
  answerConversation,
  changeConversation,
  listInbox,
  listMemberConversations,
  measureSupport,
  readByLink,
  readInboxThread,
  readMemberThread,
  replyAsMember,
  replyByLink,
  supportMetricsCsv,
} from './service.ts'

/** The support inbox (docs/decisions/034): admins answer, members read and reply in the account, visitors by mail link. */
export const supportInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmins = requireRole('ADMIN', 'SUPER_ADMIN')
  const onlyMembers = requireRole('BASEUSER')

  app.get(
    '/admin/support/conversations',
    { preHandler: onlyAdmins, schema: { querystring: SupportInboxQuerySchema, response: { 200: SupportInboxPageSchema } } },
    async (request) => listInbox(app, principalOf(request), request.query),
  )

  app.get(
    '/admin/support/conversations/:id',
    { preHandler: onlyAdmins, schema: { params: IdParamsSchema, response: { 200: SupportInboxThreadSchema } } },
    async (request) => readInboxThread(app, request.params.id),
  )

  app.post(
    '/admin/support/conversations/:id/answers',
    {
      preHandler: onlyAdmins,
      schema: { params: IdParamsSchema, body: SupportAnswerBodySchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => reply.status(201).send(await answerConversation(app, principalOf(request), request.params.id, request.body)),
  )

  app.patch(
    '/admin/support/conversations/:id',
    {
      preHandler: onlyAdmins,
      schema: { params: IdParamsSchema, body: SupportConversationChangeSchema, response: { 200: SupportInboxThreadSchema } },
    },
    async (request) => changeConversation(app, principalOf(request), request.params.id, request.body),
  )

  app.get('/admin/support/metrics', { preHandler: onlyAdmins, schema: { response: { 200: SupportMetricsSchema } } }, async () =>
    measureSupport(app),
  )

  app.get('/admin/support/metrics.csv', { preHandler: onlyAdmins }, async (_request, reply) => {
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="keydesk-support-promises.csv"')
      .header('cache-control', 'no-store')
    return reply.send(await supportMetricsCsv(app))
  })

  app.get(
    '/support/conversations',
    { preHandler: onlyMembers, schema: { querystring: PageQuerySchema, response: { 200: MemberSupportConversationsSchema } } },
    async (request) => listMemberConversations(app, principalOf(request), request.query.page),
  )

  app.get(
    '/support/conversations/:id',
    { preHandler: onlyMembers, config: { object: 'owner' }, schema: { params: IdParamsSchema, response: { 200: SupportThreadSchema } } },
    async (request) => readMemberThread(app, principalOf(request), request.params.id),
  )

  app.post(
    '/support/conversations/:id/replies',
    {
      preHandler: onlyMembers,
      config: { object: 'owner', rateLimit: perAccountLimit('support-replies', 20, '1 minute') },
      schema: { params: IdParamsSchema, body: SupportReplyBodySchema, response: { 201: SupportThreadSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await replyAsMember(app, principalOf(request), request.params.id, request.body.message)),
  )

  app.post(
    '/support/link',
    {
      // A wrong token is refused by its hash alone; the limit keeps guessing at 256-bit tokens pointless anyway.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: SupportLinkBodySchema, response: { 200: SupportThreadSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return readByLink(app, request.body.token)
    },
  )

  app.post(
    '/support/link/replies',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { body: SupportLinkReplyBodySchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => reply.status(201).send(await replyByLink(app, request.body.token, request.body.message)),
  )
}
