import {
  PORTAL_CREDS_RATE_LIMIT_PER_MINUTE,
  PORTAL_MESSAGES,
  PortalCredsAnswerSchema,
  PortalCredsBodySchema,
  PortalListAnswerSchema,
  PortalsConfigSchema,
} from '@keydesk/contracts/portals'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AppError } from '../../../errors.ts'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { loadPortalDirectory } from './portal-directory.ts'
import { listPortals, readPortalCredentials } from './service.ts'

const adminsOnly = requireRole('ADMIN', 'SUPER_ADMIN')

/** docs/product.md, 'Back office (admins and super admins)': the OEM keycode portal directory and its logins, for admins only (docs/decisions/003). */
export async function portalRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const directory = loadPortalDirectory()
  const secrets = app.config.keycodePortalSecrets

  api.get(
    '/keycode-portals.json',
    { preHandler: adminsOnly, schema: { response: { 200: PortalsConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return directory.publicConfig
    },
  )

  api.get('/api/keycodes/portals', { preHandler: adminsOnly, schema: { response: { 200: PortalListAnswerSchema } } }, async () =>
    listPortals(directory, secrets),
  )

  api.post(
    '/api/keycodes/creds',
    {
      // Refuse non-admins before reading the body, so a visitor learns nothing from validation answers.
      preValidation: adminsOnly,
      schema: { body: PortalCredsBodySchema, response: { 200: PortalCredsAnswerSchema } },
      config: {
        rateLimit: {
          max: PORTAL_CREDS_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          // After the guard, so the limit counts per admin account rather than per address.
          hook: 'preHandler',
          keyGenerator: (request) => `portal-creds:${principalOf(request).id}`,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', PORTAL_MESSAGES.rateLimited),
        },
      },
    },
    async (request, reply) => {
      const admin = principalOf(request)
      const credentials = readPortalCredentials(directory, secrets, request.body.oem, admin.role === 'SUPER_ADMIN')
      request.log.info({ adminId: admin.id, oem: request.body.oem }, 'keycode portal credentials released')
      reply.header('cache-control', 'no-store')
      return credentials
    },
  )
}
