import {
  BulkBatchesAnswerSchema,
  BulkBatchesQuerySchema,
  BulkCheckAnswerSchema,
  BulkCheckBodySchema,
  BulkCreateAnswerSchema,
  BulkCreateBodySchema,
  BulkQuoteBodySchema,
} from '@keydesk/contracts/bulk'
import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { batchCodesCsv, checkBatch, createBatch, listBatches, requestQuote } from './service.ts'

/** Members only; service.ts refuses those whose plan has no bulk ordering. */
const requireMember = requireRole('BASEUSER')

/** Bulk ordering (docs/product.md, 'Bulk ordering'). */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bulk/check',
    {
      preHandler: requireMember,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { body: BulkCheckBodySchema, response: { 200: BulkCheckAnswerSchema } },
    },
    async (request) => checkBatch(app, principalOf(request).id, request.body),
  )

  app.post(
    '/bulk/batches',
    {
      preHandler: requireMember,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: BulkCreateBodySchema, response: { 201: BulkCreateAnswerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createBatch(app, principalOf(request).id, request.body.rows, request.body.locationId)),
  )

  app.get(
    '/bulk/batches',
    { preHandler: requireMember, schema: { querystring: BulkBatchesQuerySchema, response: { 200: BulkBatchesAnswerSchema } } },
    async (request) => listBatches(app, principalOf(request).id, request.query),
  )

  app.get(
    '/bulk/batches/:id/codes.csv',
    { preHandler: requireMember, config: { object: 'owner' }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const { code, csv } = await batchCodesCsv(app, principalOf(request).id, request.params.id)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="keydesk-batch-${code}-codes.csv"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )

  app.post(
    '/bulk/quote',
    {
      preHandler: requireMember,
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: { body: BulkQuoteBodySchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => reply.status(201).send(await requestQuote(app, principalOf(request).id, request.body)),
  )
}
