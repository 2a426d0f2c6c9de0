import {
  AdminQueueCountsSchema,
  AdminQueueQuerySchema,
  AdminRequestListSchema,
  FailedKeycodeMailListSchema,
  KeyBlankQuerySchema,
  KeyBlankSuggestionsSchema,
  PageQuerySchema,
  ProcessRequestAnswerSchema,
  ProcessRequestBodySchema,
  ReleasesExportQuerySchema,
} from '@keydesk/contracts/admin'
import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import { NoKeycodeAnswerSchema, NoKeycodeBodySchema } from '@keydesk/contracts/keycode-refunds'
import { AdminTransactionListSchema, AdminTransactionsQuerySchema } from '@keydesk/contracts/payments'
import {
  AdminProblemReportListSchema,
  AdminProblemReportsQuerySchema,
  ProblemReportAnswerBodySchema,
} from '@keydesk/contracts/problem-reports'
import { AdminSubscriptionListSchema } from '@keydesk/contracts/subscription'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { listAdminSubscriptions, listAdminTransactions } from '../../ordering/index.ts'
import { suggestKeyBlanks } from './key-blanks.ts'
import { endWithoutKeycode } from './no-keycode.ts'
import { answerReport, listProblemReportsForAdmin } from './problem-reports.ts'
import { exportReleases } from './releases-export.ts'
import { failedKeycodeMails, fulfilRequest, listQueue, readQueueCounts, startRequest } from './service.ts'

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmins = requireRole('ADMIN', 'SUPER_ADMIN')

  app.get(
    '/admin/pending-requests',
    { preHandler: onlyAdmins, schema: { querystring: AdminQueueQuerySchema, response: { 200: AdminRequestListSchema } } },
    async (request) => listQueue(app, 'PENDING', request.query),
  )

  app.get(
    '/admin/in-progress-requests',
    { preHandler: onlyAdmins, schema: { querystring: AdminQueueQuerySchema, response: { 200: AdminRequestListSchema } } },
    async (request) => listQueue(app, 'INPROGRESS', request.query),
  )

  app.get('/admin/queue-counts', { preHandler: onlyAdmins, schema: { response: { 200: AdminQueueCountsSchema } } }, async () =>
    readQueueCounts(app),
  )

  app.get(
    '/admin/transactions',
    { preHandler: onlyAdmins, schema: { querystring: AdminTransactionsQuerySchema, response: { 200: AdminTransactionListSchema } } },
    async (request) => listAdminTransactions(app, request.query),
  )

  app.get(
    '/admin/subscriptions',
    { preHandler: onlyAdmins, schema: { querystring: PageQuerySchema, response: { 200: AdminSubscriptionListSchema } } },
    async (request) => listAdminSubscriptions(app, request.query),
  )

  app.post(
    '/admin/update-request-status/:id',
    { preHandler: onlyAdmins, schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } } },
    async (request) => startRequest(app, principalOf(request), request.params.id),
  )

  app.post(
    '/admin/process-request',
    { preHandler: onlyAdmins, schema: { body: ProcessRequestBodySchema, response: { 200: ProcessRequestAnswerSchema } } },
    async (request) => fulfilRequest(app, principalOf(request), request.body),
  )

  app.get(
    '/admin/key-blanks',
    {
      preHandler: onlyAdmins,
      schema: { querystring: KeyBlankQuerySchema, response: { 200: KeyBlankSuggestionsSchema } },
    },
    async (request) => suggestKeyBlanks(app, request.query.requestId),
  )

  app.post(
    '/admin/requests/:id/no-keycode',
    {
      preHandler: onlyAdmins,
      schema: { params: IdParamsSchema, body: NoKeycodeBodySchema, response: { 200: NoKeycodeAnswerSchema } },
    },
    async (request) => endWithoutKeycode(app, principalOf(request), request.params.id, request.body),
  )

  app.get(
    '/admin/problem-reports',
    {
      preHandler: onlyAdmins,
      schema: { querystring: AdminProblemReportsQuerySchema, response: { 200: AdminProblemReportListSchema } },
    },
    async (request) => listProblemReportsForAdmin(app, request.query),
  )

  app.post(
    '/admin/problem-reports/:id/answer',
    {
      preHandler: onlyAdmins,
      schema: { params: IdParamsSchema, body: ProblemReportAnswerBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => answerReport(app, principalOf(request), request.params.id, request.body),
  )

  app.get('/admin/releases.csv', { preHandler: onlyAdmins, schema: { querystring: ReleasesExportQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="keydesk-releases-${from}-to-${to}.csv"`)
      .header('cache-control', 'no-store')
    return reply.send(await exportReleases(app, principalOf(request), request.query))
  })

  app.get('/admin/failed-keycode-mails', { preHandler: onlyAdmins, schema: { response: { 200: FailedKeycodeMailListSchema } } }, async () =>
    failedKeycodeMails(app.database.db),
  )
}
