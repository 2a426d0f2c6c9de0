import type { IncomingMessage } from 'node:http'
import { finished } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { MESSAGES } from '@keydesk/contracts/messages'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { errorAnswer } from '../../errors.ts'

const DRAIN_POLL_MS = 20

/**
 * The refusal closes the connection; a client still sending its body (an upload) would see a broken pipe instead
 * of the 503, so the body is read and dropped first. Body sizes are bounded by the parsers' limits.
 */
async function discardBody(raw: IncomingMessage) {
  if (raw.readableEnded) return
  raw.resume()
  await finished(raw).catch(() => undefined)
}

/**
 * Closing drains first: the listener stays open until every request in flight has its answer, and requests that
 * arrive meanwhile (new connections or keep-alive ones) get a 503 in the error shape, which a client or load
 * balancer can retry elsewhere, rather than a refused connection. Event streams do not hold the drain (the events
 * plugin closes them). The server's shutdown deadline bounds the wait.
 */
async function gracefulClose(app: FastifyInstance) {
  let isClosing = false
  const inFlight = new Set<FastifyReply>()

  // Callback hooks, as they run on every request (cross-site-guard.ts says why).
  app.addHook('onRequest', (request, reply, done) => {
    if (isClosing) {
      // Answered here, so `done` is not called: the request goes no further.
      void discardBody(request.raw).then(() => reply.status(503).send(errorAnswer('SERVICE_UNAVAILABLE', MESSAGES.backendUnavailable)))
      return
    }
    inFlight.add(reply)
    reply.raw.once('close', () => inFlight.delete(reply))
    done()
  })

  // A keep-alive connection would otherwise stay open after its answer and hold the shutdown until the deadline.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close')
    done(null, payload)
  })

  app.addHook('preClose', async () => {
    isClosing = true
    // A hijacked reply (an event stream) counts as sent; it ends when the events plugin closes it.
    while ([...inFlight].some((reply) => !reply.sent)) await sleep(DRAIN_POLL_MS)
  })
}

export default fp(gracefulClose, { name: 'graceful-close' })
