import { MESSAGES } from '@keydesk/contracts/messages'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../errors.ts'

/**
 * The deepest and the most crowded JSON any call sends, with room to spare: a passkey's answer is five levels deep,
 * and a 1,000-row bulk batch holds about 6,000 values.
 */
export const JSON_MAX_DEPTH = 32
export const JSON_MAX_VALUES = 20_000

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

/**
 * Whether a JSON text stays within JSON_MAX_DEPTH and JSON_MAX_VALUES, judged in one pass over its brackets and
 * commas outside strings (about 2 ms a megabyte), before anything is parsed. Within the 1 MB body limit, a body of
 * 330,000 empty arrays held the event loop 100-300 ms in JSON.parse, and a passkey sign-in whose extension results
 * nested 10,000 levels overflowed the stack in validation (a 500).
 */
export function jsonWithinBounds(text: string): boolean {
  let depth = 0
  let values = 1
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === BACKSLASH) index++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++
      if (depth > JSON_MAX_DEPTH) return false
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--
    else if (code === COMMA) {
      values++
      if (values > JSON_MAX_VALUES) return false
    }
  }
  return true
}

/**
 * JSON bodies for every route. Calls that take no body (docs/product.md, 'The API contract': POST /trial/start, POST /auth/refresh, ...) are
 * sent by some clients with `Content-Type: application/json` and an empty body: that reads as no body instead of
 * Fastify's 400. A body nested or crowded past jsonWithinBounds is refused with 400 before it is parsed. Anything
 * else goes to Fastify's own parser, prototype-poisoning checks included; `null` stays null.
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
    if (!jsonWithinBounds(text)) {
      done(new AppError('VALIDATION_ERROR', MESSAGES.jsonTooComplex(JSON_MAX_DEPTH, JSON_MAX_VALUES)), undefined)
      return
    }
    parseJson(request, text, done)
  })
}

export default fp(jsonBody, { name: 'json-body' })
