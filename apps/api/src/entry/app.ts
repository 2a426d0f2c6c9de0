import fastifyCookie from '@fastify/cookie'
import fastifyCors from '@fastify/cors'
import fastifyMultipart from '@fastify/multipart'
import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import type { Config } from '../config.ts'
import { schedulePeriodicJob } from '../lib/periodic-jobs.ts'
import { contractValidator } from '../lib/validator.ts'
import { logAbandonedRequests, loggerOptions, OneLinePerAnswer } from '../logger.ts'
import { adminApprovalRoutes } from '../modules/accounts/admin-approval/routes.ts'
import { adminRegistrationCodeRoutes } from '../modules/accounts/admin-registration-code/routes.ts'
import { authRoutes } from '../modules/accounts/auth/routes.ts'
import { signInRecordsSweepJob } from '../modules/accounts/auth/sign-in-records-sweep.ts'
import { complianceStatusRoutes } from '../modules/accounts/compliance-status/routes.ts'
import { credentialRoutes } from '../modules/accounts/credentials/routes.ts'
import { accountReader } from '../modules/accounts/members/account-reader.ts'
import { profileRoutes } from '../modules/accounts/profile/routes.ts'
import { passkeyRoutes } from '../modules/accounts/security/passkey-routes.ts'
import { securityRoutes } from '../modules/accounts/security/routes.ts'
import { sessionRoutes } from '../modules/accounts/sessions/routes.ts'
import { sessionSweepJob } from '../modules/accounts/sessions/service.ts'
import { teamRoutes } from '../modules/accounts/teams/routes.ts'
import { actionLogRoutes } from '../modules/back-office/action-log-view/routes.ts'
import { orderLinkRoutes } from '../modules/back-office/admin/order-link-routes.ts'
import { adminRoutes } from '../modules/back-office/admin/routes.ts'
import { adminUserRoutes } from '../modules/back-office/admin-users/routes.ts'
import { chatRoutes } from '../modules/back-office/chat/routes.ts'
import { accountRoutes } from '../modules/back-office/member-accounts/routes.ts'
import { memberArchiveRoutes } from '../modules/back-office/member-archive/routes.ts'
import { portalRoutes } from '../modules/back-office/portals/routes.ts'
import { disputeReviewRoutes } from '../modules/back-office/super-admin/dispute-routes.ts'
import { superAdminRoutes } from '../modules/back-office/super-admin/routes.ts'
import { ensureBootstrapSuperAdmin } from '../modules/back-office/super-admin/service.ts'
import { supportRoutes } from '../modules/back-office/support/routes.ts'
import { earlierSupportMessagesJob } from '../modules/back-office/support-inbox/earlier-messages.ts'
import { supportInboxRoutes } from '../modules/back-office/support-inbox/routes.ts'
import { bulkRoutes } from '../modules/ordering/bulk/routes.ts'
import { cartRoutes } from '../modules/ordering/cart/routes.ts'
import { catalogueRoutes } from '../modules/ordering/catalogue/routes.ts'
import { seedCatalogue } from '../modules/ordering/catalogue/seed.ts'
import { jobRoutes } from '../modules/ordering/jobs/routes.ts'
import { memberOrderRoutes } from '../modules/ordering/payments/member-orders-routes.ts'
import payments from '../modules/ordering/payments/plugin.ts'
import { paymentRoutes } from '../modules/ordering/payments/routes.ts'
import type { SandboxProvider } from '../modules/ordering/payments/sandbox-provider.ts'
import { sandboxRedeliveryJob } from '../modules/ordering/payments/sandbox-redelivery.ts'
import { sandboxCheckoutRoutes } from '../modules/ordering/payments/sandbox-routes.ts'
import { pricingRoutes } from '../modules/ordering/pricing/routes.ts'
import { problemReportRoutes } from '../modules/ordering/problem-reports/routes.ts'
import { businessOrderRoutes } from '../modules/ordering/requests/business-order-routes.ts'
import { findOrderPhotoReach } from '../modules/ordering/requests/business-orders-repository.ts'
import { guestSweepJob } from '../modules/ordering/requests/guest-sweep.ts'
import { requestRoutes } from '../modules/ordering/requests/routes.ts'
import { unpaidRequestSweepJob } from '../modules/ordering/requests/unpaid-sweep.ts'
import { subscriptionRoutes } from '../modules/ordering/subscriptions/routes.ts'
import { subscriptionExpiryJob } from '../modules/ordering/subscriptions/service.ts'
import { apiDocsRoutes } from '../modules/platform/api-docs/routes.ts'
import { devMailboxRoutes } from '../modules/platform/dev-mailbox/routes.ts'
import { orphanFileSweepJob } from '../modules/platform/files/orphan-sweep.ts'
import { fileRoutes } from '../modules/platform/files/routes.ts'
import { healthRoutes } from '../modules/platform/health/routes.ts'
import mail from '../modules/platform/mail/plugin.ts'
import type { MailTransport } from '../modules/platform/mail/sender.ts'
import { noticeRoutes } from '../modules/platform/notices/routes.ts'
import clock from '../plugins/adapters/clock.ts'
import events from '../plugins/adapters/events.ts'
import secretKey from '../plugins/adapters/secret-key.ts'
import storage from '../plugins/adapters/storage.ts'
import auth from '../plugins/app/auth.ts'
import crossSiteGuard from '../plugins/app/cross-site-guard.ts'
import errorHandler from '../plugins/app/error-handler.ts'
import formBody from '../plugins/app/form-body.ts'
import gracefulClose from '../plugins/app/graceful-close.ts'
import jsonBody from '../plugins/app/json-body.ts'
import routeTable from '../plugins/app/route-table.ts'
import slowClients, { slowClientServerOptions } from '../plugins/app/slow-clients.ts'
import openapi from '../plugins/external/openapi.ts'
import rateLimit from '../plugins/external/rate-limit.ts'
import securityHeaders from '../plugins/external/security-headers.ts'
import webApp from '../plugins/external/web-app.ts'
import type { Clock, DatabaseHandle, FileStorage, PaymentProvider } from '../ports.ts'
import { retentionJobs } from './retention-jobs.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: DatabaseHandle
  }
}

export interface AppDependencies {
  config: Config
  database: DatabaseHandle
  /** Where log lines go; tests pass a stream to read them back. */
  logStream?: DestinationStream
  /** Replaces the disk storage of DATA_DIR/uploads (tests, other adapters). */
  storage?: FileStorage
  /** Replaces the SMTP/log mail transport (tests deliver to an in-process SMTP server instead). */
  mailTransport?: MailTransport
  /** Replaces the system clock (tests move time forward instead of waiting). */
  clock?: Clock
  /** Replaces the provider chosen by configuration (tests). */
  paymentProvider?: PaymentProvider
  /** Prefix of the rate-limit keys in Redis (tests sharing one Redis keep their counts apart). */
  rateLimitNameSpace?: string
}

/**
 * Fastify's own reading of a hop count trusts no hop at all, so the count is given as the function it stands for:
 * the socket's peer and the hops behind it up to the count are proxies, and the address the farthest of them saw is
 * the client's (docs/decisions/018).
 */
function trustedProxies(trustProxy: Config['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy
  return (_address: string, hop: number) => hop < trustProxy
}

/** The whole application as one Fastify instance; server.ts listens, tests call `inject`. */
export async function buildApp({
  config,
  database,
  logStream,
  storage: fileStorage,
  mailTransport,
  clock: appClock,
  paymentProvider,
  rateLimitNameSpace,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    logController: new OneLinePerAnswer(),
    trustProxy: trustedProxies(config.trustProxy),
    ...slowClientServerOptions,
    // Uploads go through multipart with their own limits; JSON and form bodies stay small.
    bodyLimit: 1024 * 1024,
    // graceful-close.ts answers requests that arrive while closing, in the error shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Fastify's 10 s default exists to catch a plugin that never calls done; on a starved machine (a CI run with
    // tests in parallel) a healthy plugin once took longer, so the limit is raised rather than the start failed.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>()

  logAbandonedRequests(app)
  await app.register(slowClients)
  app.setValidatorCompiler(contractValidator)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  app.decorate<DatabaseHandle>('database', database)
  await app.register(jsonBody)

  await app.register(routeTable)
  await app.register(openapi)
  await app.register(errorHandler)
  await app.register(clock, { clock: appClock })
  await app.register(securityHeaders)
  await app.register(fastifyCors, {
    // Credentials are sent cross-origin, so only listed origins are echoed back; never a wildcard.
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  })
  await app.register(fastifyCookie)
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 10, fields: 40 } })
  await app.register(auth, { accounts: accountReader(database.db) })
  await app.register(storage, { storage: fileStorage })
  await app.register(mail, { transport: mailTransport })
  await app.register(secretKey)
  await app.register(payments, { provider: paymentProvider })
  await app.register(events)
  // After events: preClose hooks run in order, so streams are closed before the drain waits for the rest.
  await app.register(gracefulClose)
  await app.register(rateLimit, { nameSpace: rateLimitNameSpace })
  // Besides these, the guard accepts the origin each request was sent to (any address the app is opened at).
  await app.register(crossSiteGuard, { allowedOrigins: [new URL(config.publicUrl).origin, ...config.corsOrigins] })

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(apiDocsRoutes)
      await api.register(pricingRoutes)
      await api.register(catalogueRoutes)
      await api.register(requestRoutes)
      await api.register(businessOrderRoutes)
      await api.register(problemReportRoutes)
      await api.register(cartRoutes)
      await api.register(bulkRoutes)
      await api.register(complianceStatusRoutes)
      await api.register(supportRoutes)
      await api.register(supportInboxRoutes)
      await api.register(authRoutes)
      await api.register(accountRoutes)
      await api.register(memberArchiveRoutes)
      await api.register(adminRegistrationCodeRoutes)
      await api.register(adminApprovalRoutes)
      await api.register(adminRoutes)
      await api.register(adminUserRoutes)
      await api.register(actionLogRoutes)
      await api.register(superAdminRoutes)
      await api.register(disputeReviewRoutes)
      await api.register(fileRoutes, { orderPhotos: findOrderPhotoReach })
      await api.register(portalRoutes)
      await api.register(chatRoutes)
      await api.register(profileRoutes)
      await api.register(memberOrderRoutes)
      await api.register(jobRoutes)
      await api.register(securityRoutes)
      await api.register(passkeyRoutes)
      await api.register(sessionRoutes)
      await api.register(teamRoutes)
      await api.register(noticeRoutes)
      await api.register(credentialRoutes)
      await api.register(paymentRoutes)
      await api.register(subscriptionRoutes)
      await api.register(orderLinkRoutes)
      if (!config.isProduction && !config.smtpUrl) await api.register(devMailboxRoutes)
    },
    { prefix: '/api' },
  )

  if (app.payments.name === 'sandbox') {
    await app.register(async (sandbox) => {
      await sandbox.register(formBody)
      await sandbox.register(sandboxCheckoutRoutes(app.payments as SandboxProvider))
    })
  }
  await app.register(webApp, { distDir: config.webDistDir })
  for (const job of [
    guestSweepJob(app),
    unpaidRequestSweepJob(app),
    subscriptionExpiryJob(app),
    orphanFileSweepJob(app),
    sessionSweepJob(app),
    signInRecordsSweepJob(app),
    earlierSupportMessagesJob(app),
    ...retentionJobs(app),
    ...(app.payments.name === 'sandbox' ? [sandboxRedeliveryJob(app, app.payments as SandboxProvider)] : []),
  ]) {
    schedulePeriodicJob(app, job)
  }
  app.addHook('onReady', async () => {
    await seedCatalogue(app.database.db)
    await ensureBootstrapSuperAdmin(app)
  })
  return app
}
