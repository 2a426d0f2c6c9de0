import { IdParamsSchema } from '@keydesk/contracts/common'
import { ClearDisputeReviewAnswerSchema, SuperAdminDisputesAnswerSchema } from '@keydesk/contracts/disputes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { assertActingSuperAdmin } from '../../accounts/index.ts'
import { clearReview, listDisputesForReview } from './dispute-review.ts'

/** The super admin's side of disputes and refunds made at the provider (docs/decisions/028). */
export const disputeReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/super-admin/disputes',
    { preHandler: requireRole('SUPER_ADMIN'), schema: { response: { 200: SuperAdminDisputesAnswerSchema } } },
    async (request) => {
      assertActingSuperAdmin(principalOf(request), undefined)
      return listDisputesForReview(app)
    },
  )

  app.post(
    '/super-admin/disputes/:id/clear-review',
    {
      preHandler: requireRole('SUPER_ADMIN'),
      schema: { params: IdParamsSchema, response: { 200: ClearDisputeReviewAnswerSchema } },
    },
    async (request) => {
      const actor = principalOf(request)
      assertActingSuperAdmin(actor, undefined)
      return clearReview(app, actor, request.params.id)
    },
  )
}
