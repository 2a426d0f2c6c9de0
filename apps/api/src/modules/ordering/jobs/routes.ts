import { IdParamsSchema } from '@keydesk/contracts/common'
import { JobRecordBodySchema, JobRecordSchema, JobsAnswerSchema, JobsQuerySchema } from '@keydesk/contracts/jobs'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { readJob, readJobs, saveJob } from './service.ts'

const requireMember = requireRole('BASEUSER')

/** docs/decisions/036: a member's job records, written beside their requests and searched later; nobody else's. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/vehicle/requests/:id/job',
    {
      preHandler: requireMember,
      config: { object: 'owner' },
      schema: { params: IdParamsSchema, body: JobRecordBodySchema, response: { 200: JobRecordSchema } },
    },
    async (request) => saveJob(app, principalOf(request).id, request.params.id, request.body),
  )

  app.get(
    '/vehicle/requests/:id/job',
    {
      preHandler: requireMember,
      config: { object: 'owner' },
      schema: { params: IdParamsSchema, response: { 200: JobRecordSchema.nullable() } },
    },
    async (request) => readJob(app.database.db, principalOf(request).id, request.params.id),
  )

  app.get(
    '/user/jobs',
    { preHandler: requireMember, schema: { querystring: JobsQuerySchema, response: { 200: JobsAnswerSchema } } },
    async (request) => readJobs(app.database.db, principalOf(request).id, request.query),
  )
}
