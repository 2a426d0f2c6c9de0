import { HealthAnswerSchema } from '@keydesk/contracts/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthAnswerSchema, 503: HealthAnswerSchema } }, config: { rateLimit: false, access: 'public' } },
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
