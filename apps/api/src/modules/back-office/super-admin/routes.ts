import { CreateSuperAdminQuerySchema } from '@keydesk/contracts/accounts-api'
import { MessageAnswerSchema } from '@keydesk/contracts/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/auth.ts'
import { assertActingSuperAdmin } from '../../accounts/index.ts'
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
}
