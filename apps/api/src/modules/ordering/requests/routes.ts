import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import { IMAGE_UPLOADS_PER_10_MINUTES } from '@keydesk/contracts/limits'
import {
  KEYCODE_REQUEST_IMAGES,
  KeycodeRequestAnswerSchema,
  KeycodeRequestFieldsSchema,
  ORDERING_MESSAGES,
  OrderTrackerQuerySchema,
  OrderTrackerSchema,
  UPDATE_REQUEST_IMAGES,
  UpdateRequestFieldsSchema,
  UserRequestsAnswerSchema,
} from '@keydesk/contracts/vehicle-request'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { readMultipart } from '../../../lib/multipart.ts'
import { identifyUser, principalOf, requireUser } from '../../../plugins/auth.ts'
import { perAccountLimit } from '../../../plugins/rate-limit.ts'
import { guestIdOfCookie, setGuestCookie } from '../guests/guest-cookie.ts'
import { deleteRequest, updateRequest } from './change-service.ts'
import { readOrderTracker } from './order-tracker.ts'
import { createKeycodeRequest, readUserRequests } from './service.ts'
import { subscribeToRequestStatus } from './status-events.ts'

export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/vehicle/request-keycode-public',
    {
      preHandler: identifyUser,
      config: {
        access: 'public',
        rateLimit: { max: 60, timeWindow: '1 minute' },
        formBody: {
          fields: KeycodeRequestFieldsSchema,
          files: { names: KEYCODE_REQUEST_IMAGES, kind: 'image' },
          description: `licenseFront and licenseBack are required of a guest (no session). ${ORDERING_MESSAGES.guestLicenseRequired}`,
        },
      },
      schema: { response: { 201: KeycodeRequestAnswerSchema } },
    },
    async (request, reply) => {
      const body = await readMultipart(request, KEYCODE_REQUEST_IMAGES)
      // A guest whose client keeps only cookies adds to the cart of its guest cookie (the documented fields in docs/product.md, 'Catalogue, ordering and cart', name no guest).
      const cookieGuestId = request.principal ? undefined : guestIdOfCookie(request)
      if (cookieGuestId && !body.fields.guestUserId) body.fields.guestUserId = cookieGuestId
      const answer = await createKeycodeRequest(app, request.principal, body)
      if (answer.guestUserId) setGuestCookie(reply, answer.guestUserId)
      return reply.status(201).send(answer)
    },
  )

  app.get('/vehicle/user-requests', { preHandler: requireUser, schema: { response: { 200: UserRequestsAnswerSchema } } }, async (request) =>
    readUserRequests(app, principalOf(request).id),
  )

  // The dashboard's live view of status changes (docs/product.md, 'Member area, chat and support'), so a queued, started or fulfilled order shows without reload.
  app.get('/vehicle/user-requests/stream', { preHandler: requireUser }, async (request, reply) => {
    const userId = principalOf(request).id
    const stream = app.openEventStream(request, reply)
    stream.onClose(subscribeToRequestStatus(app.events, userId, (event) => stream.send('request-status', event)))
  })

  app.get(
    '/vehicle/order-tracker',
    { preHandler: requireUser, schema: { querystring: OrderTrackerQuerySchema, response: { 200: OrderTrackerSchema } } },
    async (request) => readOrderTracker(app.database.db, principalOf(request).id, request.query.requestId),
  )

  app.put(
    '/vehicle/update-request/:id',
    {
      preHandler: requireUser,
      config: {
        object: 'owner',
        // Per account: each change may carry three photos to decode and store.
        rateLimit: perAccountLimit('update-request', IMAGE_UPLOADS_PER_10_MINUTES, '10 minutes'),
        formBody: { fields: UpdateRequestFieldsSchema, files: { names: UPDATE_REQUEST_IMAGES, kind: 'image' } },
      },
      schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => updateRequest(app, principalOf(request).id, request.params.id, await readMultipart(request, UPDATE_REQUEST_IMAGES)),
  )

  app.delete(
    '/vehicle/delete-request/:id',
    { preHandler: requireUser, config: { object: 'owner' }, schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } } },
    async (request) => deleteRequest(app, principalOf(request).id, request.params.id),
  )
}
