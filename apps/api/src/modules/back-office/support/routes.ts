import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { CONTACT_MESSAGES, ContactMessageSchema } from '@keydesk/contracts/support'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { receiveContactMessage } from './service.ts'

/** POST /support/contact: kept, and forwarded to the support inbox (service.ts). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/contact',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: { body: ContactMessageSchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => {
      await receiveContactMessage(app.database.db, app.secretKey, app.config.supportEmail, request.body)
      return reply.status(201).send({ message: CONTACT_MESSAGES.sent })
    },
  )
}
