import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * JSON bodies for every route. Calls that take no body (docs/product.md, 'The API contract': POST /trial/start, POST /auth/refresh, ...) are
 * sent by some clients with `Content-Type: application/json` and an empty body: that reads as no body instead of
 * Fastify's 400. Anything else goes to Fastify's own parser, prototype-poisoning checks included; `null` stays null.
 */
async function jsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') {
      done(null, undefined)
      return
    }
    parseJson(request, text, done)
  })
}

export default fp(jsonBody, { name: 'json-body' })
