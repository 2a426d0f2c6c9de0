import type { FastifyPluginAsync } from 'fastify'

/** GET /api/openapi.json: the OpenAPI document of the whole API (plugins/external/openapi.ts), for client authors and the fuzz test. */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger())
}
