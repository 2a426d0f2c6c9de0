import { CREDENTIAL_FIELDS, CREDENTIAL_MESSAGES, CredentialsSchema } from '@keydesk/contracts/credentials'
import { CREDENTIAL_UPLOADS_PER_10_MINUTES } from '@keydesk/contracts/limits'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { readMultipart } from '../../../lib/multipart.ts'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { readCredentials, uploadCredentials } from './service.ts'

/** The signed-in member's own credential documents: the routes in docs/product.md, 'Member area, files, chat and support', the rules in its 'Accounts, sign-up, sign-in, sessions, two-factor'. */
export async function credentialRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/user/credentials', { preHandler: requireUser, schema: { response: { 200: CredentialsSchema } } }, async (request) =>
    readCredentials(app.database.db, principalOf(request).id),
  )

  api.put(
    '/user/credentials',
    {
      preHandler: requireUser,
      schema: { response: { 200: CredentialsSchema } },
      // Per account, wherever it uploads from: each upload writes files of up to 5 MB.
      config: {
        rateLimit: perAccountLimit('credentials', CREDENTIAL_UPLOADS_PER_10_MINUTES, '10 minutes'),
        formBody: {
          files: { names: CREDENTIAL_FIELDS, kind: 'credential' },
          description: `${CREDENTIAL_MESSAGES.selectOne} ${CREDENTIAL_MESSAGES.licenseNeedsBothSides}`,
        },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, CREDENTIAL_FIELDS)
      return uploadCredentials(app.database.db, app.storage, principalOf(request).id, files)
    },
  )
}
