import { OrderLinkBodySchema, OrderLinkViewSchema } from '@keydesk/contracts/order-link'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { openOrderLink } from './order-links.ts'

/** A guest's order by the link in their keycode mail (docs/decisions/013); it signs nobody in. */
export const orderLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order-link',
    {
      // A wrong token is refused by its hash alone; the limit keeps guessing at 256-bit tokens pointless anyway.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: OrderLinkBodySchema, response: { 200: OrderLinkViewSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return openOrderLink(app, request.body.token, request.ip)
    },
  )
}
