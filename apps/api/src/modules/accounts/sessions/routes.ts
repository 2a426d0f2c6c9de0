import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import { DeviceSessionsSchema, SESSION_MESSAGES } from '@keydesk/contracts/sessions'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { listSessions, signOutOtherSessions, signOutSession } from './service.ts'

/** docs/product.md, 'Sessions': the signed-in account's open sessions, one per device, and ending them. */
export async function sessionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/user/sessions', { preHandler: requireUser, schema: { response: { 200: DeviceSessionsSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return listSessions(app, principalOf(request))
  })

  api.delete(
    '/user/sessions/:id',
    {
      preValidation: requireUser,
      // Only the caller's own sessions: another account's id answers 404, like a missing one.
      config: { object: 'owner' },
      schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => {
      await signOutSession(app, principalOf(request), request.params.id)
      return { message: SESSION_MESSAGES.signedOut }
    },
  )

  api.post(
    '/user/sessions/sign-out-others',
    { preHandler: requireUser, schema: { response: { 200: MessageAnswerSchema } } },
    async (request) => {
      await signOutOtherSessions(app, principalOf(request))
      return { message: SESSION_MESSAGES.othersSignedOut }
    },
  )
}
