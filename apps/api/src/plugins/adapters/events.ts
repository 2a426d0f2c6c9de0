import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../errors.ts'
import type { EventBus } from '../../ports.ts'
import { isSessionStanding } from '../app/auth.ts'
import { createLocalEventBus, createPostgresEventBus } from './event-bus.ts'

/** SSE comment lines keep proxies from closing an idle stream. */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000

/**
 * Published with an account id once every session of that account has ended (logout, new password, revocation,
 * deletion): each process closes the open streams of that account.
 */
export const SESSIONS_ENDED_TOPIC = 'sessions-ended'

/**
 * Published with a session id once that one session has ended (signed out on its device, or from another one,
 * decision 022): each process closes the streams opened with it, and the account's other sessions keep theirs.
 */
export const SESSION_ENDED_TOPIC = 'session-ended'

/**
 * Every open stream's session is also re-checked this often, in one query per process: a stream still closes when
 * its `sessions-ended` event was lost (a NOTIFY missed while the listening connection reconnects, a failed publish).
 */
export const SESSION_RECHECK_MS = 5_000

/**
 * Open streams one account may hold on one process: a member with a phone and two browser tabs holds about six (each
 * page listens to its orders and its chat); an account opening more is refused with 429 rather than holding sockets.
 */
export const STREAMS_PER_ACCOUNT = 8
export const TOO_MANY_STREAMS =
  'Too many live connections are open for this account. Close other Keydesk tabs or devices, then reload this page.'

export interface EventStream {
  /** Writes one server-sent event; `data` goes out as JSON. */
  send(event: string, data: unknown): void
  /** Runs once when the stream ends, whether the client left or the server shuts down. */
  onClose(cleanup: () => void): void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The events port: in-process on PGlite, PostgreSQL LISTEN/NOTIFY otherwise. */
    events: EventBus
    /** Answers the request with a server-sent event stream that shutdown closes. */
    openEventStream(request: FastifyRequest, reply: FastifyReply, options?: { heartbeatMs?: number }): EventStream
  }
}

async function events(app: FastifyInstance) {
  const bus =
    app.database.kind === 'postgres'
      ? await createPostgresEventBus({
          pool: app.database.pool,
          onError: (error) => app.log.error({ err: error }, 'event fan-out failed'),
        })
      : createLocalEventBus()
  app.decorate('events', bus)
  app.addHook('onClose', () => bus.close())

  const openStreams = new Set<() => void>()
  // An open stream would otherwise hold a graceful shutdown until its deadline.
  app.addHook('preClose', async () => {
    for (const close of openStreams) close()
  })

  // The streams of each signed-in account, and of each session, with the session version they opened with, so that
  // ending one session, or every session of the account, also ends what it is still listening to.
  const streamsByAccount = new Map<string, Set<() => void>>()
  const streamsBySession = new Map<string, Map<() => void, number>>()
  const stopListeningToAccounts = bus.subscribe(SESSIONS_ENDED_TOPIC, (accountId) => {
    for (const close of streamsByAccount.get(accountId) ?? []) close()
  })
  const stopListeningToSessions = bus.subscribe(SESSION_ENDED_TOPIC, (sessionId) => {
    for (const close of streamsBySession.get(sessionId)?.keys() ?? []) close()
  })
  const recheck = setInterval(async () => {
    if (streamsBySession.size === 0) return
    try {
      const states = await app.readSessionStates([...streamsBySession.keys()])
      for (const [sessionId, streams] of streamsBySession) {
        for (const [close, sessionVersion] of streams) if (!isSessionStanding(states.get(sessionId), sessionVersion)) close()
      }
    } catch (error) {
      app.log.warn({ err: error }, 'could not re-check the sessions of open streams; trying again shortly')
    }
  }, SESSION_RECHECK_MS)
  recheck.unref()
  app.addHook('onClose', async () => {
    clearInterval(recheck)
    stopListeningToAccounts()
    stopListeningToSessions()
  })

  app.decorate('openEventStream', (request: FastifyRequest, reply: FastifyReply, options: { heartbeatMs?: number } = {}) => {
    const principal = request.principal
    if (principal && (streamsByAccount.get(principal.id)?.size ?? 0) >= STREAMS_PER_ACCOUNT) {
      throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS)
    }
    // Headers set by earlier hooks (CORS, security headers) still apply to the hijacked answer.
    const headers = reply.getHeaders() as Record<string, string | string[] | number>
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    raw.write('retry: 5000\n: connected\n\n')

    const cleanups: (() => void)[] = []
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), options.heartbeatMs ?? EVENT_STREAM_HEARTBEAT_MS)
    const close = () => {
      if (!openStreams.delete(close)) return
      clearInterval(heartbeat)
      if (principal) {
        const ofAccount = streamsByAccount.get(principal.id)
        ofAccount?.delete(close)
        if (ofAccount?.size === 0) streamsByAccount.delete(principal.id)
        const ofSession = streamsBySession.get(principal.sessionId)
        ofSession?.delete(close)
        if (ofSession?.size === 0) streamsBySession.delete(principal.sessionId)
      }
      for (const cleanup of cleanups) cleanup()
      raw.end()
    }
    openStreams.add(close)
    if (principal) {
      streamsByAccount.set(principal.id, (streamsByAccount.get(principal.id) ?? new Set()).add(close))
      streamsBySession.set(
        principal.sessionId,
        (streamsBySession.get(principal.sessionId) ?? new Map()).set(close, principal.sessionVersion),
      )
    }
    request.raw.on('close', close)
    return {
      send: (event, data) => {
        if (openStreams.has(close)) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      },
      onClose: (cleanup) => {
        cleanups.push(cleanup)
      },
    }
  })
}

export default fp(events, { name: 'events', dependencies: ['auth'] })
