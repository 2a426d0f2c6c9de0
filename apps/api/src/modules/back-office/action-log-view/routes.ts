import { ActionLogActorListSchema, ActionLogFilterSchema, ActionLogPageSchema, ActionLogQuerySchema } from '@keydesk/contracts/action-log'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { exportActionLog, listActionLogActors, readActionLog } from './service.ts'

/** The action log in words (docs/product.md, 'Super admin'): read, filtered and exported by super admins, as GET /admin/actions is. */
export const actionLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlySuperAdmins = requireRole('SUPER_ADMIN')

  app.get(
    '/admin/action-log',
    { preHandler: onlySuperAdmins, schema: { querystring: ActionLogQuerySchema, response: { 200: ActionLogPageSchema } } },
    async (request) => readActionLog(app, request.query),
  )

  app.get('/admin/action-log/actors', { preHandler: onlySuperAdmins, schema: { response: { 200: ActionLogActorListSchema } } }, async () =>
    listActionLogActors(app),
  )

  app.get(
    '/admin/action-log.csv',
    { preHandler: onlySuperAdmins, schema: { querystring: ActionLogFilterSchema } },
    async (request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="keydesk-action-log.csv"')
        .header('cache-control', 'no-store')
      return reply.send(await exportActionLog(app, principalOf(request), request.query))
    },
  )
}
