import {
  AdminAccountListSchema,
  ApproveAdminBodySchema,
  DecidedAdminListSchema,
  DecidedAdminsQuerySchema,
  RejectAdminBodySchema,
  SuperAdminQuerySchema,
} from '@keydesk/contracts/accounts-api'
import { MessageAnswerSchema } from '@keydesk/contracts/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import { approveAdmin, assertActingSuperAdmin, listAdmins, listDecidedAdmins, rejectAdmin } from './service.ts'

export const adminApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlySuperAdmins = requireRole('SUPER_ADMIN')

  for (const [path, approval] of [
    ['/admin-approval/pending', 'PENDING'],
    ['/admin-approval/approved', 'APPROVED'],
  ] as const) {
    app.get(
      path,
      { preHandler: onlySuperAdmins, schema: { querystring: SuperAdminQuerySchema, response: { 200: AdminAccountListSchema } } },
      async (request) => {
        assertActingSuperAdmin(principalOf(request), request.query.superAdminEmail)
        return listAdmins(app, approval)
      },
    )
  }

  app.get(
    '/admin-approval/rejected',
    { preHandler: onlySuperAdmins, schema: { querystring: DecidedAdminsQuerySchema, response: { 200: DecidedAdminListSchema } } },
    async (request) => {
      const { superAdminEmail, ...page } = request.query
      assertActingSuperAdmin(principalOf(request), superAdminEmail)
      return listDecidedAdmins(app, page)
    },
  )

  app.post(
    '/admin-approval/approve',
    { preHandler: onlySuperAdmins, schema: { body: ApproveAdminBodySchema, response: { 200: MessageAnswerSchema } } },
    async (request) => {
      const actor = principalOf(request)
      assertActingSuperAdmin(actor, request.body.superAdminEmail)
      return approveAdmin(app, actor, request.body.adminId, request.body.approvalNotes)
    },
  )

  app.post(
    '/admin-approval/reject',
    { preHandler: onlySuperAdmins, schema: { body: RejectAdminBodySchema, response: { 200: MessageAnswerSchema } } },
    async (request) => {
      const actor = principalOf(request)
      assertActingSuperAdmin(actor, request.body.superAdminEmail)
      return rejectAdmin(app, actor, request.body.adminId, request.body.rejectionNotes)
    },
  )
}
