import { GuestProblemReportBodySchema, OrderLinkBodySchema, OrderLinkViewSchema } from '@keydesk/contracts/order-link'
import { ProblemReportCreatedSchema } from '@keydesk/contracts/problem-reports'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { openOrderLink, reportProblemFromLink } from './order-links.ts'

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

  app.post(
    '/order-link/problem-reports',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { body: GuestProblemReportBodySchema, response: { 201: ProblemReportCreatedSchema } },
    },
    async (request, reply) => reply.status(201).send(await reportProblemFromLink(app, request.body)),
  )
}
