import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * The OpenAPI document of every route, built from the same Zod schemas that validate the calls, so it cannot
 * drift from them. Registered before the routes (it collects them as they are added); the document itself is
 * built on its first request, never at start-up.
 */
async function openapi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Keydesk API',
        version: '1',
        description:
          'Keycode ordering for automotive locksmiths. Paths, payloads and answers are described in docs/product.md (section 12, the API contract).',
      },
    },
    transform: jsonSchemaTransform,
  })
}

export default fp(openapi, { name: 'openapi' })
