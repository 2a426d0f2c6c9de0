import {
  ACCOUNT_MESSAGES,
  AdminRegisterFieldsSchema,
  LoginBodySchema,
  REGISTRATION_DOCUMENTS,
  RegisterFieldsSchema,
  ResetPasswordConfirmBodySchema,
  ResetPasswordRequestBodySchema,
} from '@keydesk/contracts/accounts-api'
import { LoginAnswerSchema, MeAnswerSchema, UserViewSchema } from '@keydesk/contracts/auth'
import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { PasskeyLoginBodySchema, WebAuthnOptionsSchema } from '@keydesk/contracts/passkeys'
import { isTimeZoneName, TIME_ZONE_HEADER } from '@keydesk/contracts/session-place'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../../errors.ts'
import { readMultipart } from '../../../lib/multipart.ts'
import { principalOf, REFRESH_COOKIE, requireUser } from '../../../plugins/app/auth.ts'
import { requestOrigin } from '../../../plugins/app/cross-site-guard.ts'
import formBody from '../../../plugins/app/form-body.ts'
import { toUserView } from '../members/user-view.ts'
import { relyingPartyFor, startAuthentication } from '../passkeys/service.ts'
import { clearSessionCookies, setSessionCookies } from './cookies.ts'
import { sendFailureAsText } from './failure-as-text.ts'
import { confirmPasswordReset, settledPasswordResets, startPasswordReset } from './password-reset-service.ts'
import { registerAdmin, registerBusinessUser } from './registration-service.ts'
import {
  announceReusedSessionEnded,
  currentUser,
  refreshSession,
  type SignInContext,
  signIn,
  signInWithPasskey,
  signOut,
} from './session-service.ts'

/** Per IP. Per account, failed sign-ins slow that account down (session-service). */
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '5 minutes' }

/** Who signs in from where: the address, the browser, and the time zone the browser told (kept only when it reads as one). */
const signInContext = (request: FastifyRequest): SignInContext => {
  const timeZone = request.headers[TIME_ZONE_HEADER]
  return { ip: request.ip, userAgent: request.headers['user-agent'], timeZone: isTimeZoneName(timeZone) ? timeZone : null }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reset requests run after their answer (startPasswordReset): the database stays open until they are done.
  app.addHook('onClose', settledPasswordResets)
  await app.register(formBody)
  const secureCookies = app.config.isProduction

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { body: LoginBodySchema, response: { 200: LoginAnswerSchema } },
    },
    async (request, reply) => {
      const session = await signIn(app, request.body, signInContext(request))
      setSessionCookies(reply, session, secureCookies)
      return { user: session.user, accessToken: session.accessToken }
    },
  )

  app.post(
    '/auth/passkey/options',
    {
      // Asked on every visit of a sign-in page (the e-mail field's autofill): more room than the sign-in itself.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '5 minutes' } },
      schema: { response: { 200: WebAuthnOptionsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return startAuthentication(app.database.db, relyingPartyFor(app.config, requestOrigin(request)), app.clock.now())
    },
  )

  app.post(
    '/auth/passkey/login',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { body: PasskeyLoginBodySchema, response: { 200: LoginAnswerSchema } },
    },
    async (request, reply) => {
      const session = await signInWithPasskey(
        app,
        request.body.response,
        relyingPartyFor(app.config, requestOrigin(request)),
        signInContext(request),
      )
      setSessionCookies(reply, session, secureCookies)
      return { user: session.user, accessToken: session.accessToken }
    },
  )

  app.get('/auth/me', { preHandler: requireUser, schema: { response: { 200: MeAnswerSchema } } }, async (request) => ({
    user: await currentUser(app, principalOf(request).id),
  }))

  app.post(
    '/auth/refresh',
    {
      // The refresh cookie, not the access token, is the credential here; only an active account's session renews.
      config: { access: 'signed-in', rateLimit: { max: 60, timeWindow: '5 minutes' } },
      schema: { response: { 200: z.object({ user: UserViewSchema }) } },
    },
    async (request, reply) => {
      const result = await refreshSession(app, request.cookies[REFRESH_COOKIE])
      if (result.reused) {
        await announceReusedSessionEnded(app, result.endedSessionId)
        clearSessionCookies(reply, secureCookies)
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired)
      }
      setSessionCookies(reply, result, secureCookies)
      return { user: result.user }
    },
  )

  app.post('/auth/logout', { config: { access: 'public' }, schema: { response: { 200: MessageAnswerSchema } } }, async (request, reply) => {
    const signedIn = await app.identify(request)
    await signOut(app, request.cookies[REFRESH_COOKIE], signedIn ?? undefined)
    clearSessionCookies(reply, secureCookies)
    return { message: 'Logged out.' }
  })

  app.post(
    '/auth/register',
    {
      config: {
        access: 'public',
        rateLimit: { max: 10, timeWindow: '15 minutes' },
        formBody: {
          fields: RegisterFieldsSchema,
          files: { names: REGISTRATION_DOCUMENTS, kind: 'image', required: REGISTRATION_DOCUMENTS },
        },
      },
      onSend: sendFailureAsText,
      schema: { response: { 201: z.object({ message: z.string(), user: UserViewSchema }) } },
    },
    async (request, reply) => {
      const user = await registerBusinessUser(app, await readMultipart(request, REGISTRATION_DOCUMENTS))
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered, user: toUserView(user, app.clock.now()) })
    },
  )

  app.post(
    '/auth/admin-register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' }, formBody: { fields: AdminRegisterFieldsSchema } },
      onSend: sendFailureAsText,
      schema: { response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) => {
      await registerAdmin(app, await readMultipart(request, []))
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.adminRegistered })
    },
  )

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { body: ResetPasswordRequestBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => {
      // Not awaited: the answer leaves before any work that depends on the account (startPasswordReset).
      void startPasswordReset(app, request.body.email)
      return { message: ACCOUNT_MESSAGES.resetRequested }
    },
  )

  app.post(
    '/auth/reset-password/confirm',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: { body: ResetPasswordConfirmBodySchema, response: { 200: MessageAnswerSchema } },
    },
    async (request) => {
      await confirmPasswordReset(app, request.body.token, request.body.newPassword)
      return { message: ACCOUNT_MESSAGES.passwordUpdated }
    },
  )
}
