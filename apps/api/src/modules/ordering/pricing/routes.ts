import { createHash } from 'node:crypto'
import { MANUFACTURER_PRICING } from '@keydesk/contracts/manufacturer-pricing'
import { PricingAnswerSchema } from '@keydesk/contracts/pricing'
import type { FastifyPluginAsync } from 'fastify'
import { orderMemberPriceOf } from '../catalogue/seed.ts'

/**
 * GET /api/pricing: the pricing-page cards, each with the member price an order charges where the ordering catalogue's
 * reading is above the card's (Infiniti and Nissan: 56 against 36). The answer never changes while the process runs, so it is checked
 * against its contract and serialized once at start-up; each call then sends the same bytes (a hot, public path). They are
 * kept as a Buffer: a string answer is encoded to UTF-8 again on every call, after Node joins it to the headers into a
 * new string, and that cost about 12% of the call's CPU (docs/performance.md).
 */
export const pricingRoutes: FastifyPluginAsync = async (app) => {
  const cards = MANUFACTURER_PRICING.map((entry) => {
    const orderMemberPrice = orderMemberPriceOf(entry.name)
    return orderMemberPrice !== null && entry.memberPrice !== null && orderMemberPrice > entry.memberPrice
      ? { ...entry, orderMemberPrice }
      : entry
  })
  const body = Buffer.from(JSON.stringify(PricingAnswerSchema.parse(cards)))
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`

  app.get('/pricing', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.type('application/json; charset=utf-8').send(body)
  })
}
