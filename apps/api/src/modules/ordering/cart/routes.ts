import { AddSubscriptionBodySchema, CartItemsAnswerSchema, GuestCartQuerySchema } from '@keydesk/contracts/cart'
import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import {
  KEYCODE_REQUEST_IMAGES,
  KeycodeRequestAnswerSchema,
  KeycodeRequestFieldsSchema,
  ORDERING_MESSAGES,
} from '@keydesk/contracts/vehicle-request'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { loginRequired } from '../../../errors.ts'
import { readMultipart } from '../../../lib/multipart.ts'
import { identifyUser, principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { findGuestOfRequest, guestIdOfCookie, setGuestCookie } from '../guests/guest-cookie.ts'
import { createKeycodeRequest } from './keycode-request.ts'
import type { CartOwner } from './repository.ts'
import { addSubscriptionToCart, readCart, removeCartItem, startTrialFromCart } from './service.ts'

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
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
          description: `licenseFront, licenseBack and registration (the proof of ownership: registration, title or insurance, named by ownershipDocument) are required of a guest (no session). ${ORDERING_MESSAGES.guestLicenseRequired} ${ORDERING_MESSAGES.guestOwnershipRequired} platePhoto and odometerPhoto are optional; ownerName names the vehicle's owner on a member's order.`,
        },
      },
      schema: { response: { 201: KeycodeRequestAnswerSchema } },
    },
    async (request, reply) => {
      const body = await readMultipart(request, KEYCODE_REQUEST_IMAGES)
      // A guest whose client keeps only cookies adds to the cart of its guest cookie (the documented fields in docs/product.md, 'Catalogue, ordering and cart', name no guest).
      const cookieGuestId = request.principal ? undefined : guestIdOfCookie(request)
      if (cookieGuestId && !body.fields.guestUserId) body.fields.guestUserId = cookieGuestId
      const answer = await createKeycodeRequest(app, request.principal, body, request.ip)
      if (answer.guestUserId) setGuestCookie(reply, answer.guestUserId)
      return reply.status(201).send(answer)
    },
  )

  app.get('/cart/items', { preHandler: requireUser, schema: { response: { 200: CartItemsAnswerSchema } } }, async (request) =>
    readCart(app, { userId: principalOf(request).id }),
  )

  app.get(
    '/cart/items/public',
    // The guest id (in the query or the guest cookie) is the guest's key to its own cart (docs/product.md, 'Guests'), so anyone holding one may read that cart.
    { config: { access: 'public' }, schema: { querystring: GuestCartQuerySchema, response: { 200: CartItemsAnswerSchema } } },
    async (request) => {
      const guest = await findGuestOfRequest(app.database.db, request, request.query.guestUserId)
      if (!guest) return []
      return readCart(app, { guestId: guest.id })
    },
  )

  app.delete(
    '/cart/remove/:id',
    {
      preHandler: identifyUser,
      config: { access: 'guest', object: 'owner' },
      schema: {
        params: IdParamsSchema,
        querystring: GuestCartQuerySchema,
        response: { 200: MessageAnswerSchema },
      },
    },
    async (request) => {
      let owner: CartOwner
      if (request.principal) owner = { userId: request.principal.id }
      else {
        const guest = await findGuestOfRequest(app.database.db, request, request.query.guestUserId)
        if (!guest) throw loginRequired()
        owner = { guestId: guest.id }
      }
      return removeCartItem(app, owner, request.params.id)
    },
  )

  app.post(
    '/cart/addSubscription',
    { preHandler: requireUser, schema: { body: AddSubscriptionBodySchema, response: { 200: MessageAnswerSchema } } },
    async (request) =>
      request.body.trial
        ? startTrialFromCart(app, principalOf(request).id, request.body.tier)
        : addSubscriptionToCart(app, principalOf(request).id, request.body.tier, request.body.billing),
  )
}
