import { CONTACT_MESSAGES, ContactMessageSchema } from '@keydesk/contracts/support'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contactMessages } from '../../db/schema/support.ts'
import { enqueueMail } from '../mail/outbox.ts'

/** POST /support/contact: kept, and forwarded to the support inbox in the same transaction. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/contact',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: { body: ContactMessageSchema, response: { 201: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      const contact = request.body
      await app.database.db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(contact)
        await enqueueMail(
          tx,
          {
            to: app.config.supportEmail,
            subject: `[Contact] ${contact.subject}`,
            text: `From: ${contact.name} <${contact.email}>\n\n${contact.message}`,
          },
          app.secretKey,
        )
      })
      return reply.status(201).send({ message: CONTACT_MESSAGES.sent })
    },
  )
}
