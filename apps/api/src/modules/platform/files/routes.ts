import { IdParamsSchema } from '@keydesk/contracts/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { type OrderPhotoAccess, readFile } from './service.ts'

/** GET /api/files/:id: a stored upload, to an admin or to whom it concerns (service.ts). */
export const fileRoutes: FastifyPluginAsyncZod<{ orderPhotos: OrderPhotoAccess }> = async (app, { orderPhotos }) => {
  app.get(
    '/files/:id',
    { preHandler: requireUser, config: { object: 'owner-or-admin' }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const file = await readFile(app.database.db, app.storage, principalOf(request), request.params.id, orderPhotos)
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data)
    },
  )
}
