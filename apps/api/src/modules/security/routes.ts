import { SecuritySchema, UpdateSecurityBodySchema } from '@keydesk/contracts/security'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../plugins/auth.ts'
import { readSecurity, updateSecurity } from './service.ts'

/** Spec 7.7: the signed-in member's own security settings and sign-in history. */
export async function securityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/user/security', { preHandler: requireUser, schema: { response: { 200: SecuritySchema } } }, async (request) =>
    readSecurity(app.database.db, principalOf(request).id),
  )

  api.put(
    '/user/security',
    { preValidation: requireUser, schema: { body: UpdateSecurityBodySchema, response: { 200: SecuritySchema } } },
    async (request) => updateSecurity(app.database.db, principalOf(request).id, request.body),
  )
}
