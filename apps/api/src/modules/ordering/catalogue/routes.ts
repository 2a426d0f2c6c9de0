import { CatalogueAnswerSchema } from '@keydesk/contracts/catalogue'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { readCatalogue } from './service.ts'

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/makes/getMakes',
    { config: { access: 'public' }, schema: { response: { 200: CatalogueAnswerSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return readCatalogue(app)
    },
  )
}
