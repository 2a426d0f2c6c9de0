import { IMAGE_UPLOADS_PER_10_MINUTES } from '@keydesk/contracts/limits'
import { PROFILE_IMAGE_FIELDS, ProfileSchema, UpdateProfileFieldsSchema } from '@keydesk/contracts/profile'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { readMultipart } from '../../../lib/multipart.ts'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { readProfile, updateProfile } from './service.ts'

/**
 * docs/product.md, 'Member area, files, chat and support': the signed-in member's own profile (its orders are the
 * ordering context's, in payments/member-orders-routes.ts); there is no way to name another user.
 */
export async function profileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/user/profile', { preHandler: requireUser, schema: { response: { 200: ProfileSchema } } }, async (request) =>
    readProfile(app.database.db, principalOf(request).id),
  )

  api.put(
    '/user/profile',
    {
      preHandler: requireUser,
      config: {
        // Per account: the photo and logo are decoded and stored.
        rateLimit: perAccountLimit('profile-images', IMAGE_UPLOADS_PER_10_MINUTES, '10 minutes'),
        formBody: { fields: UpdateProfileFieldsSchema, files: { names: PROFILE_IMAGE_FIELDS, kind: 'image' } },
      },
      schema: { response: { 200: ProfileSchema } },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, PROFILE_IMAGE_FIELDS)
      return updateProfile(app, principalOf(request).id, fields, files)
    },
  )
}
