import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import { IMAGE_UPLOADS_PER_10_MINUTES } from '@keydesk/contracts/limits'
import {
  OrderTrackerQuerySchema,
  OrderTrackerSchema,
  UPDATE_REQUEST_IMAGES,
  UpdateRequestFieldsSchema,
  UserRequestsAnswerSchema,
} from '@keydesk/contracts/vehicle-request'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { readMultipart } from '../../../lib/multipart.ts'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { deleteRequest, updateRequest } from './change-service.ts'
import { readOrderTracker } from './order-tracker.ts'
import { readUserRequests } from './service.ts'
import { createRequestStatusHub } from './status-events.ts'

export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const statusHub = createRequestStatusHub(app)
  app.addHook('onClose', () => statusHub.close())

  app.get('/vehicle/user-requests', { preHandler: requireUser, schema: { response: { 200: UserRequestsAnswerSchema } } }, async (request) =>
    readUserRequests(app, principalOf(request).id),
  )

  // The dashboard's live view of status changes (docs/product.md, 'Member area, chat and support'), so a queued, started or fulfilled order shows without reload;
  // an Enterprise owner's and manager's stream carries their business's orders too (the access rule, docs/decisions/039).
  app.get('/vehicle/user-requests/stream', { preHandler: requireUser }, async (request, reply) => {
    const userId = principalOf(request).id
    const stream = app.openEventStream(request, reply)
    stream.onClose(statusHub.listen(userId, (event) => stream.send('request-status', event)))
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
