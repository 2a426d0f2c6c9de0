import {
  ActionEntrySchema,
  AdminUserListSchema,
  AdminUsersQuerySchema,
  ComplianceDocumentSchema,
  NotesBodySchema,
  ReviewDocumentBodySchema,
  UserHistoryEntrySchema,
  UserHistoryQuerySchema,
} from '@keydesk/contracts/admin'
import { IdParamsSchema, MessageAnswerSchema } from '@keydesk/contracts/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../../errors.ts'
import { readMultipart } from '../../../lib/multipart.ts'
import { principalOf, requireRole } from '../../../plugins/app/auth.ts'
import formBody from '../../../plugins/app/form-body.ts'
import { listDocuments, listUsers, recentActions, reviewDocument, revokeUser, setUserNotes, userHistory, validateUser } from './service.ts'

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  // The API contract sends the notes as form data (docs/product.md, 'Back office'): urlencoded here, multipart through readMultipart.
  await app.register(formBody)
  const onlyAdmins = requireRole('ADMIN', 'SUPER_ADMIN')

  app.get(
    '/admin/users',
    { preHandler: onlyAdmins, schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUserListSchema } } },
    async (request) => listUsers(app, request.query),
  )

  app.patch(
    '/admin/validate-user/:id',
    { preHandler: onlyAdmins, schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } } },
    async (request) => validateUser(app, principalOf(request), request.params.id),
  )

  app.patch(
    '/admin/users/:id/revoke',
    { preHandler: onlyAdmins, schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } } },
    async (request) => revokeUser(app, principalOf(request), request.params.id),
  )

  app.patch(
    '/admin/users/:id/notes',
    {
      preHandler: onlyAdmins,
      config: { formBody: { fields: NotesBodySchema, urlencoded: true } },
      schema: { params: IdParamsSchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => {
      const fields = request.isMultipart() ? (await readMultipart(request, [])).fields : request.body
      const parsed = NotesBodySchema.safeParse(fields)
      if (!parsed.success)
        throw new AppError('VALIDATION_ERROR', 'Notes must be text of at most 2000 characters.', [
          { field: 'notes', message: 'Invalid notes' },
        ])
      return setUserNotes(app, principalOf(request), request.params.id, parsed.data.notes)
    },
  )

  app.get(
    '/admin/user-history',
    { preHandler: onlyAdmins, schema: { querystring: UserHistoryQuerySchema, response: { 200: z.array(UserHistoryEntrySchema) } } },
    async (request) => userHistory(app, request.query.email),
  )

  app.get(
    '/compliance/documents/:userId',
    { preHandler: onlyAdmins, schema: { params: z.object({ userId: z.uuid() }), response: { 200: z.array(ComplianceDocumentSchema) } } },
    async (request) => listDocuments(app, request.params.userId),
  )

  app.patch(
    '/compliance/documents/:id/review',
    { preHandler: onlyAdmins, schema: { params: IdParamsSchema, body: ReviewDocumentBodySchema, response: { 200: MessageAnswerSchema } } },
    async (request) => reviewDocument(app, principalOf(request), request.params.id, request.body),
  )

  app.get(
    '/admin/actions',
    { preHandler: requireRole('SUPER_ADMIN'), schema: { response: { 200: z.array(ActionEntrySchema) } } },
    async () => recentActions(app),
  )
}
