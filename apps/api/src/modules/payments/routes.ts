import {
  CreateCheckoutSessionAnswerSchema,
  CreateCheckoutSessionBodySchema,
  PaymentSessionSchema,
  ProcessPaymentSuccessBodySchema,
} from '@keydesk/contracts/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.ts'
import { identifyUser } from '../../plugins/auth.ts'
import type { CartOwner } from '../cart/repository.ts'
import { findLiveGuest } from '../guests/repository.ts'
import { createCheckoutSession, processPaymentSuccess, receiveWebhook } from './service.ts'

/** Spec 7.4, under the app's /api prefix: /api/api/payments/… (ARCHITECTURE.md). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payments/create-checkout-session',
    {
      preHandler: identifyUser,
      config: { access: 'guest', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: CreateCheckoutSessionBodySchema, response: { 200: CreateCheckoutSessionAnswerSchema } },
    },
    async (request) => {
      let owner: CartOwner
      if (request.principal) owner = { userId: request.principal.id }
      else {
        const guest = request.body.guestUserId ? await findLiveGuest(app.database.db, request.body.guestUserId) : undefined
        if (!guest) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.')
        owner = { guestId: guest.id }
      }
      return createCheckoutSession(app, owner, request.body)
    },
  )

  app.post(
    '/api/payments/process-payment-success',
    {
      preHandler: identifyUser,
      // A guest's session has no owner account: its id, known only to the payer, is the key (as with a hosted checkout).
      config: { access: 'public', object: 'owner', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body: ProcessPaymentSuccessBodySchema, response: { 200: PaymentSessionSchema } },
    },
    async (request) => {
      const id = request.body.sessionId ?? request.body.paymentIntentId ?? ''
      return processPaymentSuccess(app, request.principal?.id ?? null, id)
    },
  )

  // The signature covers the exact bytes sent, so this route alone keeps its JSON body as a raw string.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json')
    webhook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    )
    // Anyone may deliver; only a valid provider signature is acted on.
    webhook.post(
      '/api/payments/webhook',
      { config: { access: 'public' }, schema: { response: { 200: z.object({ received: z.boolean() }) } } },
      async (request) => {
        const signature = request.headers['stripe-signature']
        return receiveWebhook(
          app,
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        )
      },
    )
  })
}
