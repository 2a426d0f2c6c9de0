import { IdParamsSchema } from '@keydesk/contracts/common'
import { PlanRefundIssuedSchema, PlanRefundPreviewSchema } from '@keydesk/contracts/refunds'
import { TrialStartQuerySchema, TrialStatusSchema, UserSubscriptionSchema } from '@keydesk/contracts/subscription'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { issuePlanRefund, previewPlanRefund, requestPlanRefund } from './refunds.ts'
import { cancelSubscription, readTrialStatus, readUserSubscription, startTrial } from './service.ts'

const requireMember = requireRole('BASEUSER')
const requireSuperAdmin = requireRole('SUPER_ADMIN')

/** docs/product.md, 'Plans, trial and compliance': trial and subscription of the signed-in business user. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/trial/status', { preHandler: requireMember, schema: { response: { 200: TrialStatusSchema } } }, async (request) =>
    readTrialStatus(app, principalOf(request).id),
  )

  app.post(
    '/trial/start',
    {
      preHandler: requireMember,
      schema: { querystring: TrialStartQuerySchema, response: { 200: TrialStatusSchema.extend({ message: z.string() }) } },
    },
    async (request) => startTrial(app, principalOf(request).id, request.query.tier),
  )

  app.get('/user/subscription', { preHandler: requireMember, schema: { response: { 200: UserSubscriptionSchema } } }, async (request) =>
    readUserSubscription(app, principalOf(request).id),
  )

  app.post(
    '/user/subscription/cancel',
    { preHandler: requireMember, schema: { response: { 200: UserSubscriptionSchema.extend({ message: z.string() }) } } },
    async (request) => cancelSubscription(app, principalOf(request).id),
  )

  app.post(
    '/user/subscription/refund-request',
    { preHandler: requireMember, schema: { response: { 200: UserSubscriptionSchema.extend({ message: z.string() }) } } },
    async (request) => requestPlanRefund(app, principalOf(request).id),
  )

  // docs/decisions/020: a plan's refund under the Refund Policy, previewed and issued by a super admin only.
  app.get(
    '/admin/subscriptions/:id/refund',
    { preHandler: requireSuperAdmin, schema: { params: IdParamsSchema, response: { 200: PlanRefundPreviewSchema } } },
    async (request) => previewPlanRefund(app, request.params.id),
  )

  app.post(
    '/admin/subscriptions/:id/refund',
    { preHandler: requireSuperAdmin, schema: { params: IdParamsSchema, response: { 200: PlanRefundIssuedSchema } } },
    async (request) => issuePlanRefund(app, principalOf(request), request.params.id),
  )
}
