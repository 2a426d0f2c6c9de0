import { MemberProblemReportListSchema, ProblemReportBodySchema, ProblemReportCreatedSchema } from '@keydesk/contracts/problem-reports'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireUser } from '../../../plugins/app/auth.ts'
import { perAccountLimit } from '../../../plugins/external/rate-limit.ts'
import { fileProblemReport, listMemberProblemReports } from './service.ts'

/** A member's problem reports (docs/product.md, 'Problem reports'); a guest's go through the order link. */
export const problemReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vehicle/problem-reports',
    { preHandler: requireUser, schema: { response: { 200: MemberProblemReportListSchema } } },
    async (request) => listMemberProblemReports(app, principalOf(request).id),
  )

  app.post(
    '/vehicle/problem-reports',
    {
      preHandler: requireUser,
      config: { rateLimit: perAccountLimit('problem-reports', 20, '1 hour') },
      schema: { body: ProblemReportBodySchema, response: { 201: ProblemReportCreatedSchema } },
    },
    async (request, reply) => {
      const { vehicleRequestId, ...report } = request.body
      return reply.status(201).send(await fileProblemReport(app, { userId: principalOf(request).id }, vehicleRequestId, report))
    },
  )
}
