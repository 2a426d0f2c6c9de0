import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

/**
 * Helmet's security headers (CSP, HSTS in production, nosniff, frame and referrer policies) on every answer.
 * The middleware is built once: @fastify/helmet rebuilt it, parsing every CSP directive, on each request (the
 * pricing call went from 10,155-10,865 to 12,082-14,528 req/s without that: docs/performance.md).
 */
async function securityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: app.config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: app.config.isProduction,
  })
  // Helmet 8 validates its options when built, above, and only sets headers here; it passes no error to its callback.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done())
  })
}

export default fp(securityHeaders, { name: 'security-headers' })
