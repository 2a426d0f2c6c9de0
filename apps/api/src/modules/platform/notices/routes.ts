import { NoticesAnswerSchema } from '@keydesk/contracts/notices'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { readNotices } from './service.ts'

/** GET /user/notices (docs/product.md, 'Member area, files, chat and support'): the profile page's notices banner. */
export async function noticeRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/user/notices', { preHandler: requireUser, schema: { response: { 200: NoticesAnswerSchema } } }, async (request) =>
      readNotices(app.database.db, principalOf(request).id),
    )
}
