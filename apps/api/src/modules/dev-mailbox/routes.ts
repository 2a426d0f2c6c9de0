import { DevMailboxSchema } from '@keydesk/contracts/dev-mailbox'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '../../errors.ts'
import { readDevMailbox } from './service.ts'

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1' || address?.startsWith('127.') === true

/**
 * GET /api/dev/mailbox (docs/decisions/013): in development without SMTP_URL, the mails the log transport
 * "sent", whole, newest first. Registered only then (404 otherwise), and answered only to this machine's own
 * browser: the development server listens on every interface, and these mails hold reset links and keycodes.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/mailbox', { config: { access: 'public' }, schema: { response: { 200: DevMailboxSchema } } }, async (request, reply) => {
    // The socket's own address: a forwarded header could be forged by anyone who reaches the server.
    if (!isLoopback(request.socket.remoteAddress)) throw notFound()
    reply.header('cache-control', 'no-store')
    return readDevMailbox(app)
  })
}
