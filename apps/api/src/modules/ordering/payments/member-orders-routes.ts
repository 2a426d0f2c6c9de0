import { OrdersAnswerSchema, OrdersQuerySchema } from '@keydesk/contracts/profile'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/auth.ts'
import { readOrders } from './member-orders.ts'

/**
 * docs/product.md, 'Member area, files, chat and support': the signed-in member's own orders and plan refunds, shown
 * on the profile's Orders tab; there is no way to name another user. They are read here, beside the orders, so the
 * accounts context never reads the ordering context.
 */
export async function memberOrderRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/user/orders',
    { preHandler: requireUser, schema: { querystring: OrdersQuerySchema, response: { 200: OrdersAnswerSchema } } },
    async (request) => readOrders(app.database.db, principalOf(request).id, request.query.page, request.query.pageSize),
  )
}
