import { IdParamsSchema } from '@keydesk/contracts/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/auth.ts'
import { readFile } from './service.ts'

/** GET /api/files/:id: a stored upload, to its owner or to an admin only (service.ts). */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    { preHandler: requireUser, config: { object: 'owner-or-admin' }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const file = await readFile(app.database.db, app.storage, principalOf(request), request.params.id)
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data)
    },
  )
}
