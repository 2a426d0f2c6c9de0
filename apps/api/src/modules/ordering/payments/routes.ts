import {
  CreateCheckoutSessionAnswerSchema,
  CreateCheckoutSessionBodySchema,
  PaymentSessionSchema,
  ProcessPaymentSuccessBodySchema,
} from '@keydesk/contracts/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../../config.ts'
import { loginRequired } from '../../../errors.ts'
import { identifyUser } from '../../../plugins/app/auth.ts'
import { requestOrigin } from '../../../plugins/app/cross-site-guard.ts'
import type { CartOwner } from '../cart/repository.ts'
import { findGuestOfRequest } from '../guests/guest-cookie.ts'
import { assertOwnOrigin, createCheckoutSession } from './checkout.ts'
import { processPaymentSuccess } from './payment-success.ts'
import { receiveWebhook } from './webhook.ts'

/**
 * Without PUBLIC_URL (development) the server's own pages, such as the sandbox checkout, are linked on the address
 * the person is using (127.0.0.1, a LAN address), not on the default localhost, which names their own machine.
 * A provider's page elsewhere (Stripe) is left as it is.
 */
function onAddressInUse(config: Config, origin: string | null, url: string): string {
  if (config.publicUrlConfigured || !origin) return url
  const target = new URL(url)
  if (target.origin !== new URL(config.publicUrl).origin) return url
  return `${origin}${target.pathname}${target.search}${target.hash}`
}

/** docs/product.md, 'Payments and orders', under the app's /api prefix: /api/api/payments/…. */
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
        // The API contract's body names no guest (docs/product.md, 'Payments and orders'): the guest cookie set with the guest's first request stands for it.
        const guest = await findGuestOfRequest(app.database.db, request, request.body.guestUserId)
        if (!guest) throw loginRequired()
        owner = { guestId: guest.id }
      }
      const origin = requestOrigin(request)
      assertOwnOrigin(app, origin, request.body.success_url, request.body.cancel_url)
      const session = await createCheckoutSession(app, owner, request.body)
      return { ...session, url: onAddressInUse(app.config, origin, session.url) }
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
