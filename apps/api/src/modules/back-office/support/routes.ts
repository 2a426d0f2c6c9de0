import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { CONTACT_MESSAGES, ContactMessageSchema } from '@keydesk/contracts/support'
import { SUPPORT_INBOX_MESSAGES } from '@keydesk/contracts/support-inbox'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { identifyUser } from '../../../plugins/app/auth.ts'
import { receiveContactMessage } from './service.ts'

/** POST /support/contact: a conversation of the support inbox, also forwarded to the support mailbox (service.ts). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/contact',
    {
      preHandler: identifyUser,
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: { body: ContactMessageSchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => {
      const { onCallAlerted } = await receiveContactMessage(app, request.principal ?? undefined, request.body)
      return reply.status(201).send({ message: onCallAlerted ? SUPPORT_INBOX_MESSAGES.onCallAlerted : CONTACT_MESSAGES.sent })
    },
  )
}
