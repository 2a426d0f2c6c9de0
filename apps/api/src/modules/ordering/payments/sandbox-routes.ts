import { SandboxCardFormSchema, SandboxSessionParamsSchema } from '@keydesk/contracts/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { judgeTestCard } from './sandbox-card.ts'
import { sandboxEventRoutes } from './sandbox-event-routes.ts'
import { checkoutPage, closedCheckoutPage } from './sandbox-page.ts'
import type { SandboxProvider } from './sandbox-provider.ts'
import { receiveWebhook } from './webhook.ts'

/**
 * The sandbox's hosted checkout (docs/architecture.md, 'Ports'), only when no Stripe keys are set. Paying delivers a signed
 * `checkout.session.completed` event through the same webhook verification and fulfilment as Stripe's.
 */
export function sandboxCheckoutRoutes(provider: SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    // Under helmet's no-referrer a browser sends `Origin: null` with a form post, which the cross-site guard
    // refuses; same-origin keeps the real origin on our own form and still sends nothing to other sites.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('referrer-policy', 'same-origin')
    })
    // The dashboard's and the card issuer's side of a payment, so its refund and dispute webhooks run without Stripe.
    await app.register(sandboxEventRoutes(provider))

    app.get(
      '/sandbox-checkout/:sessionId',
      { config: { access: 'public' }, schema: { params: SandboxSessionParamsSchema } },
      async (request, reply) => {
        const session = await provider.findOpenSession(request.params.sessionId)
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
        if (!session) return reply.code(404).send(closedCheckoutPage())
        return checkoutPage(session, {})
      },
    )

    app.post(
      '/sandbox-checkout/:sessionId',
      {
        config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { params: SandboxSessionParamsSchema, body: SandboxCardFormSchema },
      },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
        const session = await provider.findOpenSession(request.params.sessionId)
        if (!session) return reply.code(404).send(closedCheckoutPage())
        const outcome = judgeTestCard(request.body, !session.customerEmail, app.clock.now())
        // A refused card re-renders the form with its message, as a hosted checkout page does (200, not an error page).
        if (outcome.kind !== 'approved') {
          return checkoutPage(session, { email: request.body.email, name: request.body.name, error: outcome.message })
        }
        const event = await provider.completeSession(session.id, { email: request.body.email ?? null, name: request.body.name ?? null })
        if (event) {
          // The money is taken once the session is complete; if fulfilment fails here, the success page retries it.
          await receiveWebhook(app, event.payload, event.signature).catch((error) =>
            app.log.error({ err: error, sessionId: session.id }, 'sandbox webhook delivery failed; the success page will retry'),
          )
        }
        const target = new URL(session.successUrl)
        target.searchParams.set('session_id', session.id)
        return reply.redirect(target.toString(), 303)
      },
    )
  }
}
