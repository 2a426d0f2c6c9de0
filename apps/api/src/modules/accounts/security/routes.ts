import { MessageAnswerSchema } from '@keydesk/contracts/common'
import {
  EnrolmentCodeBodySchema,
  SecuritySchema,
  TwoFactorCodeBodySchema,
  TwoFactorEnabledAnswerSchema,
  TwoFactorSetupAnswerSchema,
  TwoFactorSetupBodySchema,
  UpdateSecurityBodySchema,
} from '@keydesk/contracts/security'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { sendEnrolmentCode } from './enrolment-proof.ts'
import { OWNER_PROOF_RATE_LIMIT } from './owner-proof.ts'
import { enableTwoFactor, readSecurity, startEnrolment, updateSecurity } from './service.ts'
import { createSecretBox } from './totp-secret-box.ts'

/** docs/product.md, 'Member area, files, chat and support': the signed-in member's own security settings, sign-in history and authenticator enrolment. */
export async function securityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const box = createSecretBox(app.totpKey, app.config.jwtSecret)

  api.get('/user/security', { preHandler: requireUser, schema: { response: { 200: SecuritySchema } } }, async (request) =>
    readSecurity(app, principalOf(request)),
  )

  api.put(
    '/user/security',
    {
      preValidation: requireUser,
      schema: { body: UpdateSecurityBodySchema, response: { 200: SecuritySchema } },
      // Switching two-factor off checks a password or a code: guessing them is bounded per account.
      config: { rateLimit: { ...OWNER_PROOF_RATE_LIMIT, keyGenerator: (request) => `security-update:${principalOf(request).id}` } },
    },
    async (request) => updateSecurity(app, box, principalOf(request), request.body),
  )

  api.post(
    '/user/security/two-factor/setup',
    {
      preValidation: requireUser,
      // No body at all counts as an empty proof, so the answer names what is missing.
      schema: { body: TwoFactorSetupBodySchema.default({}), response: { 200: TwoFactorSetupAnswerSchema } },
      config: { rateLimit: { ...OWNER_PROOF_RATE_LIMIT, keyGenerator: (request) => `2fa-setup:${principalOf(request).id}` } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return startEnrolment(app, box, principalOf(request), request.body)
    },
  )

  api.post(
    '/user/security/enrolment-code',
    {
      preValidation: requireUser,
      schema: { body: EnrolmentCodeBodySchema, response: { 200: MessageAnswerSchema } },
      // It checks the password and sends a mail: both bounded per account.
      config: { rateLimit: { ...OWNER_PROOF_RATE_LIMIT, keyGenerator: (request) => `enrolment-code:${principalOf(request).id}` } },
    },
    async (request) => sendEnrolmentCode(app, principalOf(request), request.body.currentPassword),
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
      return enableTwoFactor(app, box, principalOf(request), request.body.code)
    },
  )
}
