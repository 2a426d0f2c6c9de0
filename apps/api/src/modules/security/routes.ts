import {
  SecuritySchema,
  TwoFactorCodeBodySchema,
  TwoFactorEnabledAnswerSchema,
  TwoFactorSetupAnswerSchema,
  UpdateSecurityBodySchema,
} from '@keydesk/contracts/security'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../plugins/auth.ts'
import { createSecretBox } from './secret-box.ts'
import { readSecurity, updateSecurity } from './service.ts'
import { confirmTwoFactorSetup, startTwoFactorSetup } from './two-factor.ts'

/** Spec 7.7: the signed-in member's own security settings, sign-in history and authenticator enrolment. */
export async function securityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const box = createSecretBox(app.config.jwtSecret)

  api.get('/user/security', { preHandler: requireUser, schema: { response: { 200: SecuritySchema } } }, async (request) =>
    readSecurity(app.database.db, principalOf(request).id),
  )

  api.put(
    '/user/security',
    { preValidation: requireUser, schema: { body: UpdateSecurityBodySchema, response: { 200: SecuritySchema } } },
    async (request) => updateSecurity(app.database.db, principalOf(request).id, request.body),
  )

  api.post(
    '/user/security/two-factor/setup',
    { preHandler: requireUser, schema: { response: { 200: TwoFactorSetupAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return startTwoFactorSetup(app.database.db, box, principalOf(request))
    },
  )

  api.post(
    '/user/security/two-factor/enable',
    {
      preValidation: requireUser,
      schema: { body: TwoFactorCodeBodySchema, response: { 200: TwoFactorEnabledAnswerSchema } },
      // Six digits are guessable by brute force without a limit.
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '5 minutes',
          hook: 'preHandler',
          keyGenerator: (request) => `2fa-enable:${principalOf(request).id}`,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return confirmTwoFactorSetup(app.database.db, box, principalOf(request), request.body.code)
    },
  )
}
