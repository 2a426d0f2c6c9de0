import { ComplianceStatusQuerySchema, ComplianceStatusSchema, complianceStatusFor } from '@keydesk/contracts/compliance'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { readComplianceStatus } from './service.ts'

/** docs/product.md, 'Plans, trial and compliance': the signed-in call uses the account's state; visitors may name one. */
export const complianceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/compliance/status/public',
    { config: { access: 'public' }, schema: { querystring: ComplianceStatusQuerySchema, response: { 200: ComplianceStatusSchema } } },
    async (request) => complianceStatusFor(request.query.state),
  )

  app.get('/compliance/status', { preHandler: requireUser, schema: { response: { 200: ComplianceStatusSchema } } }, async (request) =>
    readComplianceStatus(app, principalOf(request).id),
  )
}
