import type { Role } from '@keydesk/contracts/roles'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/database.ts'
import type { PaymentProvider } from './modules/payments/provider.ts'

/** The signed-in person, read from the database on every authenticated call (never from the token alone). */
export interface Principal {
  id: string
  email: string
  role: Role
  fname: string
  lname: string
  isValidatedUser: boolean
  /** Whether the account has a confirmed authenticator (REQUIRE_ADMIN_2FA guards admin routes with it). */
  twoFactorEnabled: boolean
  /**
   * Whether this account acts with admin powers: an approved admin or super admin that holds the second factor
   * whenever REQUIRE_ADMIN_2FA asks for one. Decided once, in identify(); every admin branch reads it through
   * actsAsAdmin or requireRole, never from the role alone.
   */
  adminPowers: boolean
  /** The account's session version the token was signed with (and still matches). */
  sessionVersion: number
}

/** What an access token is signed for: the account, its role, and the session version current at signing. */
export interface AccessTokenSubject {
  id: string
  role: Role
  sessionVersion: number
}

/** Time for every rule that depends on it; tests move their own. */
export interface Clock {
  now(): Date
}

/**
 * The file-storage port: the local disk, or an S3-compatible bucket (docs/decisions/015). Files live under
 * generated keys, never under a name a user chose, outside any public folder; they are served only through
 * authenticated routes.
 */
export interface FileStorage {
  /** Stores the bytes under a new generated key and returns it. */
  put(data: Buffer, extension: string): Promise<string>
  get(key: string): Promise<Buffer>
  exists(key: string): Promise<boolean>
  /** Removing a key that is not there is not an error. */
  remove(key: string): Promise<void>
  /** Every stored key with the time it was written, for the orphan-file sweep. */
  list(): AsyncIterable<StoredObject>
}

export interface StoredObject {
  key: string
  storedAt: Date
}

export type EventListener = (payload: string) => void

/**
 * The events port: a small text payload published under a topic reaches every subscriber of that topic in every API
 * process. Payloads are ids or small JSON, never secrets: on PostgreSQL they travel
 * through the server, and NOTIFY caps them at 8000 bytes.
 */
export interface EventBus {
  publish(topic: string, payload: string): Promise<void>
  /** Returns the function that unsubscribes. */
  subscribe(topic: string, listener: EventListener): () => void
  close(): Promise<void>
}

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
