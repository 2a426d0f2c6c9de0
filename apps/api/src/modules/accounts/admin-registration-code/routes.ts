import {
  ACCOUNT_MESSAGES,
  AdminCodeRequestBodySchema,
  AdminCodeValidateAnswerSchema,
  AdminCodeValidateBodySchema,
} from '@keydesk/contracts/accounts-api'
import { MessageAnswerSchema } from '@keydesk/contracts/common'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { identifyUser } from '../../../plugins/app/auth.ts'
import { adminCodeAnswer, isAdminCodeValid, sendAdminCode } from './service.ts'

export const adminRegistrationCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin-registration-code/request',
    {
      preHandler: identifyUser,
      // Per IP here; per address in the service (each code costs a mail to someone).
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: { body: AdminCodeRequestBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => {
      await sendAdminCode(app, request.body, request.principal)
      return { message: ACCOUNT_MESSAGES.codeSent }
    },
  )

  app.post(
    '/admin-registration-code/validate',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { body: AdminCodeValidateBodySchema, response: { 200: AdminCodeValidateAnswerSchema } },
    },
    async (request) => adminCodeAnswer(await isAdminCodeValid(app, request.body.email, request.body.code)),
  )
}
