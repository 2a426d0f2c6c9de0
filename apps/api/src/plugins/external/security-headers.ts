import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

/**
 * Helmet's security headers (CSP, HSTS in production, nosniff, frame and referrer policies) on every answer.
 * The headers are built once: @fastify/helmet rebuilt the set on each request, parsing every CSP directive again (the
 * pricing call went from 10,155-10,865 to 12,082-14,528 req/s without that: docs/performance.md).
 */
async function securityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The VIN scanner's barcode decoder is WebAssembly (served from our origin); compiling it needs this, and
        // allows nothing else: no eval of JavaScript, no script from elsewhere.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: app.config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: app.config.isProduction,
  })
  // Helmet only sets and removes fixed headers for these options (no nonces, nothing read from the request), so its
  // answer is recorded once and copied onto each reply: one object assignment instead of a chain of twelve
  // middlewares per request. Helmet 8 validates its options when built, above, and passes no error to its callback.
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => {})
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}

export default fp(securityHeaders, { name: 'security-headers' })
