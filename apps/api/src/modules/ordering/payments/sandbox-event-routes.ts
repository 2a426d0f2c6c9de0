import {
  SandboxDashboardRefundBodySchema,
  SandboxDisputeBodySchema,
  SandboxDisputeCloseBodySchema,
  SandboxDisputeParamsSchema,
  SandboxEventAnswerSchema,
  SandboxPaymentParamsSchema,
  SandboxRefundFailureBodySchema,
  SandboxRefundParamsSchema,
} from '@keydesk/contracts/disputes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireRole } from '../../../plugins/app/auth.ts'
import { deliverSandboxEvent } from './sandbox-events.ts'
import type { SandboxProvider } from './sandbox-provider.ts'

/**
 * What Stripe's dashboard and the card issuer do after a payment, raised in the sandbox (docs/decisions/028): a refund
 * made in the dashboard, a refund that fails, a dispute opened and closed. Super admins only, as the dashboard is.
 */
export function sandboxEventRoutes(provider: SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const response = { 200: SandboxEventAnswerSchema }
    const onlySuperAdmins = requireRole('SUPER_ADMIN')

    app.post(
      '/sandbox-checkout/payments/:paymentIntentId/dashboard-refund',
      { preHandler: onlySuperAdmins, schema: { params: SandboxPaymentParamsSchema, body: SandboxDashboardRefundBodySchema, response } },
      async (request) =>
        deliverSandboxEvent(app, () => provider.refundInDashboard(request.params.paymentIntentId, request.body.amountCents)),
    )

    app.post(
      '/sandbox-checkout/refunds/:refundId/fail',
      { preHandler: onlySuperAdmins, schema: { params: SandboxRefundParamsSchema, body: SandboxRefundFailureBodySchema, response } },
      async (request) => deliverSandboxEvent(app, () => provider.failRefund(request.params.refundId, request.body.reason)),
    )

    app.post(
      '/sandbox-checkout/payments/:paymentIntentId/dispute',
      { preHandler: onlySuperAdmins, schema: { params: SandboxPaymentParamsSchema, body: SandboxDisputeBodySchema, response } },
      async (request) => deliverSandboxEvent(app, () => provider.openDispute(request.params.paymentIntentId, request.body.reason)),
    )

    app.post(
      '/sandbox-checkout/disputes/:disputeId/close',
      { preHandler: onlySuperAdmins, schema: { params: SandboxDisputeParamsSchema, body: SandboxDisputeCloseBodySchema, response } },
      async (request) =>
        deliverSandboxEvent(app, () => provider.closeDispute(request.params.disputeId, request.body.paymentIntentId, request.body.outcome)),
    )
  }
}
