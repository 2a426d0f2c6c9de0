import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * While the server closes, a keep-alive connection whose request is still in flight would stay open
 * after its answer and hold the shutdown until the deadline. Answers sent during closing therefore
 * ask the client to close the connection; new requests meanwhile get 503 (return503OnClosing).
 */
async function gracefulClose(app: FastifyInstance) {
  let isClosing = false
  app.addHook('preClose', async () => {
    isClosing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close')
  })
}

export default fp(gracefulClose, { name: 'graceful-close' })
