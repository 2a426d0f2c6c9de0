import { CreateSuperAdminQuerySchema } from '@keydesk/contracts/accounts-api'
import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import { NoKeycodeAnswerSchema, SuperAdminRefundBodySchema } from '@keydesk/contracts/keycode-refunds'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { assertActingSuperAdmin } from '../../accounts/index.ts'
import { refundOnPolicyGround } from './keycode-refunds.ts'
import { createSuperAdmin } from './service.ts'

export const superAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/super-admin/create',
    {
      preHandler: requireRole('SUPER_ADMIN'),
      schema: { querystring: CreateSuperAdminQuerySchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => {
      const actor = principalOf(request)
      assertActingSuperAdmin(actor, undefined)
      return reply.status(201).send(await createSuperAdmin(app, actor.id, request.query))
    },
  )

  app.post(
    '/super-admin/requests/:id/refund',
    {
      preHandler: requireRole('SUPER_ADMIN'),
      schema: { params: IdParamsSchema, body: SuperAdminRefundBodySchema, response: { 200: NoKeycodeAnswerSchema } },
    },
    async (request) => {
      const actor = principalOf(request)
      assertActingSuperAdmin(actor, undefined)
      return refundOnPolicyGround(app, actor, request.params.id, request.body)
    },
  )
}
