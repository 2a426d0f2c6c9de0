import { ErrorAnswerSchema } from '@keydesk/contracts/errors'
import { HealthAnswerSchema } from '@keydesk/contracts/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // A 503 is either this route's own answer (database unreachable) or the error shape of a server that is
      // shutting down (graceful-close answers before the route runs); both must serialize.
      schema: { response: { 200: HealthAnswerSchema, 503: z.union([HealthAnswerSchema, ErrorAnswerSchema]) } },
      config: { rateLimit: false, access: 'public' },
    },
    async (request, reply) => {
      try {
        await app.database.ping()
        return { status: 'ok', database: 'ok' } as const
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable')
        return reply.status(503).send({ status: 'error', database: 'unreachable' })
      }
    },
  )
}
