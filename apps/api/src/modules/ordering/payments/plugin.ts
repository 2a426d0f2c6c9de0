import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { PaymentProvider } from '../../../ports.ts'
import { createSandboxProvider, sandboxWebhookSecret } from './sandbox-provider.ts'
import { createStripeProvider } from './stripe-provider.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider
  }
}

/** The payments port: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, the sandbox checkout otherwise. */
async function payments(app: FastifyInstance, options: { provider?: PaymentProvider }) {
  const stripe = app.config.stripe
  const provider =
    options.provider ??
    (stripe
      ? createStripeProvider(stripe)
      : createSandboxProvider(app.database.db, {
          publicUrl: app.config.publicUrl,
          webhookSecret: sandboxWebhookSecret(app.config.jwtSecret),
          clock: app.clock,
        }))
  app.decorate('payments', provider)
  app.log.info({ provider: provider.name }, 'payments provider ready')
}

export default fp(payments, { name: 'payments' })
