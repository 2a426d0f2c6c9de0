import { MESSAGES } from '@keydesk/contracts/messages'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../errors.ts'

export interface CrossSiteGuardOptions {
  allowedOrigins: string[]
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The origin this request was sent to: the scheme and Host the server received (X-Forwarded-Proto and
 * X-Forwarded-Host only under TRUST_PROXY, which Fastify applies to `protocol` and `host`). Null when the Host
 * header is missing or unreadable.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  if (!request.host) return null
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return null
  }
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * CSRF defence for cookie sessions: a browser always sends Origin on state-changing requests, so a
 * foreign Origin (or a cross-site fetch without one) is refused. The site's own origin is whatever address
 * the person opened it at (127.0.0.1, a LAN address, the public name): a page served from the origin the
 * request was sent to is same-origin by definition. Calls without a browser context (bearer clients, payment
 * webhooks) carry neither header and pass to their own checks.
 */
async function crossSiteGuard(app: FastifyInstance, options: CrossSiteGuardOptions) {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin))
  // A callback hook, as the others on every request: an async one costs each request a promise and a turn of the
  // microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done()
    const origin = request.headers.origin
    if (origin !== undefined) {
      const sentFrom = originOf(origin)
      if (sentFrom !== null && (allowed.has(sentFrom) || sentFrom === requestOrigin(request))) return done()
      return done(new AppError('FORBIDDEN', MESSAGES.crossSiteRefused))
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(new AppError('FORBIDDEN', MESSAGES.crossSiteRefused))
    done()
  })
}

export default fp(crossSiteGuard, { name: 'cross-site-guard' })
