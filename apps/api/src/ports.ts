import type { Readable } from 'node:stream'
import type { Role } from '@keydesk/contracts/roles'
import type { FastifyBaseLogger } from 'fastify'
import type Stripe from 'stripe'
import type { Config } from './config.ts'
import type { Database, DatabaseHandle } from './db/database.ts'

// The database port is declared beside its adapters, so db/ imports nothing of src's top; its names stay here too.
export type { Database, DatabaseHandle }

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
  /** The open session (one sign-in on one device, decision 022) the token belongs to. */
  sessionId: string
  /** That session was signed in with a passkey, which verified its user: a factor the session holds (decision 025). */
  signedInWithPasskey: boolean
}

/** What an access token is signed for: the account, its role, the session version current at signing, and its session. */
export interface AccessTokenSubject {
  id: string
  role: Role
  sessionVersion: number
  sessionId: string
}

/** What decides whether an open session's account still holds it: read with the principal, and by the stream re-check. */
export interface SessionState {
  isActive: boolean
  role: Role
  adminApproval: 'PENDING' | 'APPROVED' | 'REJECTED' | null
  sessionVersion: number
}

/** An account as the principal is read from it, on every authenticated call. */
export interface PrincipalAccount extends SessionState {
  id: string
  email: string
  fname: string
  lname: string
  isValidatedUser: boolean
  twoFactorEnabled: boolean | null
  /** The token's session was signed in with a passkey that verified its user: a second factor (decision 022). */
  signedInWithPasskey: boolean
}

/**
 * What the auth plugin (plugins/app/auth.ts) reads of the accounts: the principal behind a token, found only while the
 * token's session is open, and the state of the open sessions that hold streams (an ended session has no row). The
 * accounts context's members module provides it (modules/accounts/members/account-reader.ts).
 */
export interface AccountReader {
  readPrincipal(id: string, sessionId: string): Promise<PrincipalAccount | undefined>
  readSessionStates(sessionIds: readonly string[]): Promise<(SessionState & { sessionId: string })[]>
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
  /** The bytes as a stream, read as the reader takes them: for answers that carry many files (the data archive). */
  stream(key: string): Promise<Readable>
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

/** One line of a hosted checkout, in cents (money is integer cents everywhere, on the wire and in the database). */
export interface CheckoutLine {
  name: string
  description: string
  amountCents: number
  /** A plan renews (Stripe subscription mode); everything else is a one-time charge. */
  recurring?: 'month' | 'year'
  /** Several lines of one price shown as one (provider-lines.ts); `amountCents` is then each one's. 1 unless given. */
  quantity?: number
}

export interface CheckoutRequest {
  transactionId: string
  confirmationNumber: string
  lines: CheckoutLine[]
  amountCents: number
  successUrl: string
  cancelUrl: string
  customerEmail: string | null
  /** After this the session accepts no payment (docs/decisions/013). */
  expiresAt: Date
}

/** What the provider says about a checkout: the only truth fulfilment acts on. */
export interface ProviderSession {
  sessionId: string
  paid: boolean
  amountCents: number
  currency: string
  paymentIntentId: string | null
  customerEmail: string | null
  /** The name the payer typed (Stripe's customer_details.name); absent when the provider says none. */
  customerName?: string | null
  subscriptionId: string | null
}

/** Money paid back on one payment; the same idempotency key always answers the same refund, never a second one. */
export interface RefundRequest {
  /** The payment to refund: its payment intent when fulfilment learnt it (Stripe's subscription mode does not say it). */
  paymentIntentId: string | null
  /** The checkout session that took the payment, where the payment intent is looked up when it is not known. */
  sessionId: string | null
  amountCents: number
  idempotencyKey: string
  metadata: Record<string, string>
}

export interface ProviderRefund {
  refundId: string
  amountCents: number
}

/** The payments port (docs/architecture.md, 'Ports'): the sandbox checkout by default, Stripe when configured. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe'
  createCheckoutSession(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>
  /** A Checkout Session by its id, or by the payment intent it produced; null when the provider has none. */
  retrieveSession(id: string): Promise<ProviderSession | null>
  /**
   * Stops a provider-side plan from renewing; it runs to the end of the paid period (docs/product.md, 'Plans, trial,
   * the premium rule and turnaround promises').
   */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>
  /** Pays part or all of a payment back; throws when the provider refuses or cannot be reached. */
  refund(request: RefundRequest): Promise<ProviderRefund>
  /** Verifies a webhook against the raw body; throws on a bad or old signature. */
  verifyEvent(rawBody: string | Buffer, signature: string | undefined): Stripe.Event
}
