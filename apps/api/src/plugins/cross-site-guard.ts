import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors.ts'

export interface CrossSiteGuardOptions {
  allowedOrigins: string[]
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for cookie sessions: a browser always sends Origin on state-changing requests, so a
 * foreign Origin (or a cross-site fetch without one) is refused. Calls without a browser context
 * (bearer clients, payment webhooks) carry neither header and pass to their own checks.
 */
async function crossSiteGuard(app: FastifyInstance, options: CrossSiteGuardOptions) {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin))
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new AppError('FORBIDDEN', 'Cross-site request refused.')
      return
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', 'Cross-site request refused.')
  })
}

export default fp(crossSiteGuard, { name: 'cross-site-guard' })
