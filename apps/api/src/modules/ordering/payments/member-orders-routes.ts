import { IdParamsSchema } from '@keydesk/contracts/common'
import { OrdersAnswerSchema, OrdersQuerySchema } from '@keydesk/contracts/profile'
import { PaymentsAnswerSchema, PaymentsQuerySchema, ReceiptsMonthQuerySchema } from '@keydesk/contracts/receipts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { readOrders } from './member-orders.ts'
import { monthReceipts, readPayments, receiptPdf } from './receipts.ts'

/**
 * docs/product.md, 'Member area, files, chat and support': the signed-in member's own orders and plan refunds, shown
 * on the profile's Orders tab, and their payments with receipts ('Receipts'); there is no way to name another user.
 * They are read here, beside the orders, so the accounts context never reads the ordering context.
 */
export async function memberOrderRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/user/orders',
    { preHandler: requireUser, schema: { querystring: OrdersQuerySchema, response: { 200: OrdersAnswerSchema } } },
    async (request) => readOrders(app.database.db, principalOf(request).id, request.query.page, request.query.pageSize),
  )

  api.get(
    '/user/payments',
    { preHandler: requireUser, schema: { querystring: PaymentsQuerySchema, response: { 200: PaymentsAnswerSchema } } },
    async (request) => readPayments(app.database.db, principalOf(request).id, request.query.page, request.query.pageSize),
  )

  api.get(
    '/user/payments/:id/receipt.pdf',
    { preHandler: requireUser, config: { object: 'owner' }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const { fileName, document } = await receiptPdf(app, principalOf(request).id, request.params.id)
      reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store')
      return reply.send(document)
    },
  )

  api.get(
    '/user/payments/receipts.csv',
    { preHandler: requireUser, schema: { querystring: ReceiptsMonthQuerySchema } },
    async (request, reply) => {
      const { fileName, csv } = await monthReceipts(app.database.db, principalOf(request).id, request.query.month)
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
      return reply.send(csv)
    },
  )
}
