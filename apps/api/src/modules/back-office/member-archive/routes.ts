import type { Readable } from 'node:stream'
import { IdParamsSchema } from '@keydesk/contracts/common'
import { DATA_ARCHIVES_PER_DAY, DataArchiveBodySchema, SuperAdminDataArchiveBodySchema } from '@keydesk/contracts/data-archive'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { downloadMemberArchive, downloadOwnArchive } from './service.ts'

function sendArchive(reply: FastifyReply, { fileName, archive }: { fileName: string; archive: Readable }) {
  reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store')
  return reply.send(archive)
}

export const memberArchiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/data-archive',
    {
      // A member's archive: an admin's account is not a member's, and its data is the back office's.
      preHandler: requireRole('BASEUSER'),
      // Every call counts, a wrong proof too, so the limit also bounds guessing.
      config: { rateLimit: perAccountLimit('data-archive', DATA_ARCHIVES_PER_DAY, '1 day') },
      schema: { body: DataArchiveBodySchema },
    },
    async (request, reply) => sendArchive(reply, await downloadOwnArchive(app, principalOf(request), request.body)),
  )

  app.post(
    '/super-admin/users/:id/data-archive',
    {
      preHandler: requireRole('SUPER_ADMIN'),
      // Per member archived, whoever asks: the member's own downloads are counted apart.
      config: {
        rateLimit: {
          max: DATA_ARCHIVES_PER_DAY,
          timeWindow: '1 day',
          hook: 'preHandler',
          keyGenerator: (request) => `data-archive-of:${(request.params as { id?: string }).id ?? ''}`,
        },
      },
      schema: { params: IdParamsSchema, body: SuperAdminDataArchiveBodySchema },
    },
    async (request, reply) =>
      sendArchive(reply, await downloadMemberArchive(app, principalOf(request), request.params.id, request.body.reason)),
  )
}
