import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * How slow a client may be before its connection is cut (docs/decisions/018). The largest body Keydesk takes is a
 * keycode request with five photos of at most 5 MB: 25 MB. A phone on a poor mobile uplink still sends 30-60 KB/s, so
 * its photos move 150-300 KB in every window below, 40 times the floor; a client trickling a byte every few seconds
 * sends nothing like it and is cut off within two windows. The whole request may take 15 minutes: 25 MB at 28 KB/s.
 */
export const SLOW_CLIENT_LIMITS = {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: 10_000,
  /** Receiving the whole request, body included, may take this long at most. */
  requestTimeoutMs: 15 * 60 * 1000,
  /** A body still arriving must bring at least `minBodyBytes` in every window of `bodyWindowMs`. */
  bodyWindowMs: 5_000,
  minBodyBytes: 4 * 1024,
  /** How often Node looks for connections past their headers or request timeout. */
  checkIntervalMs: 2_000,
} as const

/** The server options of the limits: Node enforces the header and whole-request bounds itself. */
export const slowClientServerOptions = {
  requestTimeout: SLOW_CLIENT_LIMITS.requestTimeoutMs,
  http: { headersTimeout: SLOW_CLIENT_LIMITS.headersTimeoutMs, connectionsCheckingInterval: SLOW_CLIENT_LIMITS.checkIntervalMs },
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined

/**
 * The minimum body rate, which Node has no option for: while a body is still arriving, the socket's bytes read must
 * grow by `minBodyBytes` in each window, else the connection is closed. Only counters are read: the body stream is
 * left to its parser.
 */
async function slowClients(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const { raw } = request
    const socket = raw.socket
    if (!hasBody(raw.headers) || raw.complete) return done()
    let bytesBefore = socket.bytesRead
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer)
      const bytesNow = socket.bytesRead
      // A full buffer means the server is not reading yet (its handler is busy): the client is not the slow one.
      const isServerBehind = raw.readableLength >= raw.readableHighWaterMark
      if (!isServerBehind && bytesNow - bytesBefore < SLOW_CLIENT_LIMITS.minBodyBytes) {
        clearInterval(timer)
        request.log.warn({ bytesInWindow: bytesNow - bytesBefore }, 'request body arriving too slowly; connection closed')
        socket.destroy()
        return
      }
      bytesBefore = bytesNow
    }, SLOW_CLIENT_LIMITS.bodyWindowMs)
    timer.unref()
    raw.once('close', () => clearInterval(timer))
    done()
  })
}

export default fp(slowClients, { name: 'slow-clients' })
