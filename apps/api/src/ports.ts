import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import type { PaymentProvider } from './modules/payments/provider.ts'
import type { AccessTokenSubject } from './plugins/auth.ts'
import type { Clock } from './plugins/clock.ts'
import type { EventBus } from './plugins/event-bus.ts'
import type { FileStorage } from './plugins/storage.ts'

/**
 * What a service may reach outside itself. Each name is the one the Fastify instance is decorated with, so a route
 * hands its `app` to a service as it is, and a test can hand a plain object holding only what the service uses.
 */
export interface Ports {
  database: DatabaseHandle
  clock: Clock
  storage: FileStorage
  events: EventBus
  payments: PaymentProvider
  config: Config
  /** The AES-256 key for keycodes, PINs and mail bodies at rest. */
  secretKey: Buffer
  /** The AES-256 key for authenticator (TOTP) secrets at rest. */
  totpKey: Buffer
  log: FastifyBaseLogger
  signAccessToken(user: AccessTokenSubject): Promise<string>
}

/** The ports one service function declares it uses, e.g. `Uses<'database' | 'clock'>`. */
export type Uses<K extends keyof Ports> = Pick<Ports, K>
