import { UserViewSchema } from '@keydesk/contracts/auth'
import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import {
  AcceptInvitationFieldsSchema,
  INVITATION_DOCUMENTS,
  InvitationBodySchema,
  InvitationPreviewSchema,
  InvitationTokenBodySchema,
  LocationBodySchema,
  PersonChangeBodySchema,
  TEAM_MESSAGES,
  TeamAnswerSchema,
  TeamInvitationSchema,
  TeamLocationSchema,
  TeamMembershipSchema,
} from '@keydesk/contracts/teams'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readMultipart } from '../../../lib/multipart.ts'
import { principalOf, requireRole, requireUser } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { toUserView } from '../members/user-view.ts'
import { acceptInvitation, joinWithOwnAccount, previewInvitation } from './invitation-service.ts'
import { changePerson, createLocation, invite, readMembership, readTeam, removeLocation, removePerson, withdraw } from './service.ts'

const requireMember = requireRole('BASEUSER')

/** docs/product.md, 'Enterprise teams'; docs/decisions/039: an Enterprise business's locations, people and invitations. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/team', { preHandler: requireMember, schema: { response: { 200: TeamAnswerSchema } } }, async (request) =>
    readTeam(app, principalOf(request).id),
  )

  app.get('/team/membership', { preHandler: requireUser, schema: { response: { 200: TeamMembershipSchema } } }, async (request) =>
    readMembership(app, principalOf(request).id),
  )

  app.post(
    '/team/locations',
    { preHandler: requireMember, schema: { body: LocationBodySchema, response: { 201: TeamLocationSchema } } },
    async (request, reply) => reply.status(201).send(await createLocation(app, principalOf(request).id, request.body)),
  )

  app.delete(
    '/team/locations/:id',
    { preHandler: requireMember, schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } } },
    async (request) => removeLocation(app, principalOf(request).id, request.params.id),
  )

  app.post(
    '/team/invitations',
    {
      preHandler: requireMember,
      // Per account: each invitation sends a mail to an address nobody has proved yet.
      config: { rateLimit: perAccountLimit('team-invitations', 30, '1 hour') },
      schema: { body: InvitationBodySchema, response: { 201: z.object({ message: z.string(), invitation: TeamInvitationSchema }) } },
    },
    async (request, reply) => reply.status(201).send(await invite(app, principalOf(request).id, request.body)),
  )

  app.delete(
    '/team/invitations/:id',
    { preHandler: requireMember, schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } } },
    async (request) => withdraw(app, principalOf(request).id, request.params.id),
  )

  app.patch(
    '/team/people/:id',
    { preHandler: requireMember, schema: { params: IdParamsSchema, body: PersonChangeBodySchema, response: { 200: MessageAnswerSchema } } },
    async (request) => changePerson(app, principalOf(request).id, request.params.id, request.body),
  )

  app.delete(
    '/team/people/:id',
    { preHandler: requireMember, schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } } },
    async (request) => removePerson(app, principalOf(request).id, request.params.id),
  )

  // The token travels in the body, never in a URL that logs and browser histories keep.
  app.post(
    '/team-invitation/preview',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: { body: InvitationTokenBodySchema, response: { 200: InvitationPreviewSchema } },
    },
    async (request) => previewInvitation(app, request.body.token),
  )

  // An account that already exists joins by its own act, signed in as the invited address (docs/decisions/039).
  app.post(
    '/team-invitation/join',
    {
      preHandler: requireMember,
      config: { rateLimit: perAccountLimit('team-invitation-join', 10, '15 minutes') },
      schema: { body: InvitationTokenBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => {
      await joinWithOwnAccount(app, principalOf(request).id, request.body.token)
      return { message: TEAM_MESSAGES.joinedWithAccount }
    },
  )

  app.post(
    '/team-invitation/accept',
    {
      config: {
        access: 'public',
        rateLimit: { max: 10, timeWindow: '15 minutes' },
        formBody: {
          fields: AcceptInvitationFieldsSchema,
          files: { names: INVITATION_DOCUMENTS, kind: 'image', required: INVITATION_DOCUMENTS },
        },
      },
      schema: { response: { 201: z.object({ message: z.string(), user: UserViewSchema }) } },
    },
    async (request, reply) => {
      const user = await acceptInvitation(app, await readMultipart(request, INVITATION_DOCUMENTS))
      return reply.status(201).send({ message: TEAM_MESSAGES.joined, user: toUserView(user, app.clock.now()) })
    },
  )
}
