import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'

export interface RateLimitOptions {
  /** Prefix of the counters' keys in Redis; tests give each their own so they never count each other's calls. */
  nameSpace?: string
}

/**
 * A route's limit counted per signed-in account, wherever it calls from (a rotating address gains nothing): the count
 * runs after the guard, which has read the account. `name` keeps each route's count apart.
 */
export function perAccountLimit(name: string, max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.principal?.id ?? request.ip}`,
  }
}

/** How long start-up waits for Redis before it serves without it. */
const REDIS_READY_TIMEOUT_MS = 2_000

/**
 * Per-route limits (`config.rateLimit` on a route; none unless it asks). With REDIS_URL the counters live in Redis,
 * so a limit holds across every API process behind the load balancer; without it each process counts in memory.
 */
async function rateLimit(app: FastifyInstance, options: RateLimitOptions) {
  const url = app.config.redisUrl
  if (!url) {
    await app.register(fastifyRateLimit, { global: false })
    return
  }
  // The plugin's advice for ioredis (a short connect timeout, one retry), and no offline queue: while Redis is
  // away a count fails at once and the call goes on, instead of waiting for the next reconnection attempt.
  const redis = new Redis(url, {
    connectionName: 'keydesk-rate-limit',
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  })
  // ioredis reconnects by itself; one line per outage instead of one per attempt (and never the URL: it may hold a password).
  let isReachable = true
  redis.on('error', (error) => {
    if (!isReachable) return
    isReachable = false
    app.log.warn({ reason: error.message }, 'Redis unreachable: rate limits are not enforced until it is back')
  })
  redis.on('ready', () => {
    if (isReachable) return
    isReachable = true
    app.log.info('Redis reachable again: rate limits enforced')
  })
  app.addHook('onReady', async () => {
    // Start-up must not hang on Redis: without it the site still serves, only unlimited.
    await untilReady(redis, REDIS_READY_TIMEOUT_MS).catch((error: Error) =>
      app.log.warn({ reason: error.message }, 'Redis not reachable at start-up: rate limits not enforced'),
    )
  })
  app.addHook('onClose', async () => {
    // disconnect, not quit: quit waits for an answer that never comes while Redis is away.
    redis.disconnect()
  })
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: options.nameSpace ?? 'keydesk-rate-limit:',
    // Failing open: refusing every limited route (sign-in, sign-up, support) while Redis is away would take the site down with it.
    skipOnError: true,
  })
}

/** Without an offline queue a command sent before the connection is up would fail, so the first calls would go uncounted. */
function untilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve()
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer)
      redis.off('ready', onReady)
      redis.off('error', onError)
      if (error) reject(error)
      else resolve()
    }
    const onReady = () => settle()
    const onError = (error: Error) => settle(error)
    const timer = setTimeout(() => settle(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)
    redis.once('ready', onReady)
    redis.once('error', onError)
  })
}

export default fp(rateLimit, { name: 'rate-limit' })
