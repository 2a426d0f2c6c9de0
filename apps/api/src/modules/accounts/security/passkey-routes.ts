import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import {
  AddPasskeyBodySchema,
  PASSKEY_MESSAGES,
  PasskeyOptionsBodySchema,
  PasskeySchema,
  PasskeysSchema,
  RemovePasskeyBodySchema,
  RenamePasskeyBodySchema,
  WebAuthnOptionsSchema,
} from '@keydesk/contracts/passkeys'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { requestOrigin } from '../../../plugins/app/cross-site-guard.ts'
import { relyingPartyFor } from '../passkeys/service.ts'
import { OWNER_PROOF_RATE_LIMIT } from './owner-proof.ts'
import { addPasskey, passkeysOf, removePasskey, renamePasskey, startAddingPasskey } from './passkey-service.ts'
import { createSecretBox } from './totp-secret-box.ts'

/** docs/product.md, 'Fingerprint sign-in (passkeys)': the signed-in member's own passkeys. */
export async function passkeyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const box = createSecretBox(app.totpKey, app.config.jwtSecret)

  api.get('/user/security/passkeys', { preHandler: requireUser, schema: { response: { 200: PasskeysSchema } } }, async (request) =>
    passkeysOf(app, principalOf(request)),
  )

  api.post(
    '/user/security/passkeys/options',
    {
      preValidation: requireUser,
      schema: { body: PasskeyOptionsBodySchema.default({}), response: { 200: WebAuthnOptionsSchema } },
      config: { rateLimit: { ...OWNER_PROOF_RATE_LIMIT, keyGenerator: (request) => `passkey-options:${principalOf(request).id}` } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return startAddingPasskey(app, box, principalOf(request), request.body, relyingPartyFor(app.config, requestOrigin(request)))
    },
  )

  api.post(
    '/user/security/passkeys',
    {
      preValidation: requireUser,
      schema: { body: AddPasskeyBodySchema, response: { 201: PasskeySchema } },
      config: { rateLimit: { ...OWNER_PROOF_RATE_LIMIT, keyGenerator: (request) => `passkey-add:${principalOf(request).id}` } },
    },
    async (request, reply) => {
      const rp = relyingPartyFor(app.config, requestOrigin(request))
      const passkey = await addPasskey(app, principalOf(request), request.body.name, request.body.response, rp)
      return reply.status(201).send(passkey)
    },
  )

  api.patch(
    '/user/security/passkeys/:id',
    {
      preValidation: requireUser,
      config: { object: 'owner' },
      schema: { params: IdParamsSchema, body: RenamePasskeyBodySchema, response: { 200: PasskeySchema } },
    },
    async (request) => renamePasskey(app, principalOf(request), request.params.id, request.body.name),
  )

  api.delete(
    '/user/security/passkeys/:id',
    {
      preValidation: requireUser,
      config: {
        object: 'owner',
        rateLimit: { ...OWNER_PROOF_RATE_LIMIT, keyGenerator: (request) => `passkey-remove:${principalOf(request).id}` },
      },
      schema: { params: IdParamsSchema, body: RemovePasskeyBodySchema.default({}), response: { 200: MessageAnswerSchema } },
    },
    async (request) => {
      await removePasskey(app, box, principalOf(request), request.params.id, request.body)
      return { message: PASSKEY_MESSAGES.removed }
    },
  )
}
