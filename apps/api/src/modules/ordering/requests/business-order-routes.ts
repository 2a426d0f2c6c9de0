import { TeamOrdersAnswerSchema, TeamOrdersQuerySchema, TeamSpendQuerySchema } from '@keydesk/contracts/teams'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { businessSpendCsv, readBusinessOrders } from './business-orders.ts'

const requireMember = requireRole('BASEUSER')

/** docs/product.md, 'Enterprise teams': an Enterprise business's orders and its month's spend per location. */
export const businessOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/team/orders',
    { preHandler: requireMember, schema: { querystring: TeamOrdersQuerySchema, response: { 200: TeamOrdersAnswerSchema } } },
    async (request) => readBusinessOrders(app, principalOf(request).id, request.query),
  )

  app.get('/team/spend.csv', { preHandler: requireMember, schema: { querystring: TeamSpendQuerySchema } }, async (request, reply) => {
    const { fileName, csv } = await businessSpendCsv(app, principalOf(request).id, request.query.month)
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
    return reply.send(csv)
  })
}
