import { DevMailboxSchema } from '@keydesk/contracts/dev-mailbox'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '../../../errors.ts'
import { readDevMailbox } from './service.ts'

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1' || address?.startsWith('127.') === true

/** The Host a page on this machine uses: a loopback name or address, with any port. */
const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || isLoopback(hostname.replace(/^\[|\]$/g, ''))

/**
 * GET /api/dev/mailbox (docs/decisions/013): in development without SMTP_URL, the mails the log transport
 * "sent", whole, newest first. Registered only then (404 otherwise), and answered only to this machine's own
 * browser: the development server listens on every interface, and these mails hold reset links and keycodes.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/mailbox', { config: { access: 'public' }, schema: { response: { 200: DevMailboxSchema } } }, async (request, reply) => {
    // Local by every account: the socket's own address, the address a trusted proxy reports (request.ip), and the Host
    // the page asked for, so that a page of another site cannot read it through a name that resolves here (DNS
    // rebinding).
    const isLocal = isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && isLoopbackHost(request.hostname)
    if (!isLocal) throw notFound()
    reply.header('cache-control', 'no-store')
    return readDevMailbox(app)
  })
}
