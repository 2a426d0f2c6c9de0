import { CloseAccountBodySchema, PurgeAccountBodySchema, RestoreAccountBodySchema } from '@keydesk/contracts/account-closing'
import { UpdateProfileFieldsSchema, UserDetailsAnswerSchema } from '@keydesk/contracts/accounts-api'
import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import { CREDENTIAL_UPLOADS_PER_10_MINUTES } from '@keydesk/contracts/limits'
import { OwnerProofSchema } from '@keydesk/contracts/security'
import { SubscriptionTierSchema } from '@keydesk/contracts/subscription'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readMultipart } from '../../../lib/multipart.ts'
import { principalOf, requireRole, requireUser } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { clearSessionCookies, OWNER_PROOF_RATE_LIMIT } from '../../accounts/index.ts'
import { readPricingTier } from '../../ordering/index.ts'
import { closeMemberAccount, closeOwnAccount, purgeAccountNow, restoreAccount } from './closing.ts'
import { readUserDetails, UPDATE_PROFILE_IMAGES, updateUserDetails } from './service.ts'

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/getUserProfile/:id',
    {
      preHandler: requireUser,
      config: { object: 'owner-or-admin' },
      schema: { params: IdParamsSchema, response: { 200: UserDetailsAnswerSchema } },
    },
    async (request) => readUserDetails(app, principalOf(request), request.params.id),
  )

  app.put(
    '/auth/updateProfile',
    {
      preHandler: requireUser,
      config: {
        // Per account, as the credentials upload: each call may store three images of up to 5 MB.
        rateLimit: perAccountLimit('update-profile', CREDENTIAL_UPLOADS_PER_10_MINUTES, '10 minutes'),
        formBody: { fields: UpdateProfileFieldsSchema, files: { names: UPDATE_PROFILE_IMAGES, kind: 'image' } },
      },
      schema: { response: { 200: MessageAnswerSchema } },
    },
    async (request) => updateUserDetails(app, principalOf(request).id, await readMultipart(request, UPDATE_PROFILE_IMAGES)),
  )

  app.put(
    '/keycode-user/delete',
    {
      preHandler: requireUser,
      // No body, as the contract sends it; a super admin's deletion also carries the owner's proof (decision 025).
      // The contract's path: it closes the account, which is purged 30 days later unless restored (decision 035).
      schema: { body: OwnerProofSchema.nullish(), response: { 200: MessageAnswerSchema } },
      config: { rateLimit: { ...OWNER_PROOF_RATE_LIMIT, keyGenerator: (request) => `account-delete:${principalOf(request).id}` } },
    },
    async (request, reply) => {
      const answer = await closeOwnAccount(app, principalOf(request), request.body ?? {})
      clearSessionCookies(reply, app.config.isProduction)
      return answer
    },
  )

  app.post(
    '/auth/restore-account',
    {
      // Per address: the token is 256 random bits, so the limit only keeps the route cheap.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { body: RestoreAccountBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => restoreAccount(app, request.body.token),
  )

  app.post(
    '/admin/users/:id/close',
    {
      preHandler: requireRole('ADMIN', 'SUPER_ADMIN'),
      schema: { params: IdParamsSchema, body: CloseAccountBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => closeMemberAccount(app, principalOf(request), request.params.id, request.body.reason),
  )

  app.post(
    '/super-admin/users/:id/purge',
    {
      preHandler: requireRole('SUPER_ADMIN'),
      schema: { params: IdParamsSchema, body: PurgeAccountBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => purgeAccountNow(app, principalOf(request), request.params.id, request.body.reason),
  )

  app.get(
    '/keycode-user/subscription',
    { preHandler: requireUser, schema: { response: { 200: z.object({ tier: SubscriptionTierSchema }) } } },
    // docs/product.md, 'Accounts and sessions': clients price the cart with this tier, so a running trial answers its tier (as checkout charges).
    async (request) => ({ tier: await readPricingTier(app, principalOf(request).id) }),
  )
}
