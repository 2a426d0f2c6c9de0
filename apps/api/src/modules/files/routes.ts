import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { files } from '../../db/schema/files.ts'
import { AppError } from '../../errors.ts'
import { principalOf, requireUser } from '../../plugins/auth.ts'

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' }

/**
 * GET /api/files/:id: a stored upload, to its owner or to an admin only. Anyone else gets the same 404 as
 * for a file that does not exist, so ids reveal nothing.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    { preHandler: requireUser, config: { object: 'owner-or-admin' }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const viewer = principalOf(request)
      const isAdmin = viewer.role === 'ADMIN' || viewer.role === 'SUPER_ADMIN'
      const [file] = await app.database.db
        .select()
        .from(files)
        .where(and(eq(files.id, request.params.id), isAdmin ? isNotNull(files.id) : eq(files.ownerUserId, viewer.id)))
        .limit(1)
      if (!file) throw new AppError('NOT_FOUND', 'File not found.')
      const data = await app.storage.get(file.storageKey).catch(() => {
        throw new AppError('NOT_FOUND', 'File not found.')
      })
      const name = `${file.purpose.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${file.id}.${EXTENSIONS[file.contentType] ?? 'bin'}`
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data)
    },
  )
}
