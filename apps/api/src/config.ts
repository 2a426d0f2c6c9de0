import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { API_ROOT } from './api-root.ts'

/** Development only (README documents them); production refuses to start without its own. */
export const DEV_SUPER_ADMIN = { email: 'superadmin@keydesk.local', password: 'keydesk-super-admin-dev' } as const

/** An AES-256 key given as base64 of 32 random bytes. */
const aes256Key = z
  .base64({ message: 'must be base64 of 32 random bytes (openssl rand -base64 32)' })
  .refine((value) => Buffer.from(value, 'base64').length === 32, 'must decode to exactly 32 bytes')
  .optional()

/** Named ranges proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

const isProxyAddress = (entry: string) => {
  const [address, bits, ...rest] = entry.split('/')
  if (rest.length > 0 || !address) return false
  const version = isIP(address)
  if (version === 0) return false
  if (bits === undefined) return true
  const size = Number(bits)
  return /^\d+$/.test(bits) && size <= (version === 4 ? 32 : 128)
}

/**
 * Who may tell the app a client's address (docs/decisions/018): nobody (`false`, the default), the number of proxy
 * hops in front of it (`1` behind one reverse proxy), or the proxies' own addresses and CIDRs. The address used is the
 * one the nearest trusted proxy saw, never the left-most X-Forwarded-For entry a client writes itself. `true`, which
 * used to trust every hop, is refused with what to set instead.
 */
export function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  const trimmed = value.trim().toLowerCase()
  if (trimmed === 'false' || trimmed === '0') return false
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  if (trimmed === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        'true would trust every hop, so any client could choose its own address; set the number of proxies in front of Keydesk (1 behind one reverse proxy) or their addresses (127.0.0.1, 10.0.0.0/8)',
    })
    return z.NEVER
  }
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const wrong = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isProxyAddress(entry))
  if (entries.length === 0 || wrong.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be false, a number of proxy hops, or proxy addresses and CIDRs separated by commas (not understood: ${wrong.join(', ') || value})`,
    })
    return z.NEVER
  }
  return entries
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url().optional(),
    // Two connections are held for good (the event bus's LISTEN and the job locks), so fewer than four leaves one for answers.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(4).max(200).default(10),
    WEB_DIST_DIR: z.string().default(path.resolve(API_ROOT, '../web/dist')),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ message: 'each origin must be a URL such as https://app.example.com' }))),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    BOOTSTRAP_SUPER_ADMIN_EMAIL: z.email().optional(),
    BOOTSTRAP_SUPER_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a Redis address such as redis://127.0.0.1:6379' }).optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default('Keydesk <no-reply@keydesk.local>'),
    SUPPORT_EMAIL: z.email().default('support@keydesk.local'),
    SUPPORT_ON_CALL_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: 'each address must be an e-mail address' }))),
    SELLER_ADDRESS: z.string().trim().min(1).max(300).optional(),
    KEYCODE_ENCRYPTION_KEY: aes256Key,
    TOTP_ENCRYPTION_KEY: aes256Key,
    REQUIRE_ADMIN_2FA: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).optional(),
    // A k-anonymity range service of breached passwords; 'off' checks the local list only.
    BREACHED_PASSWORDS_RANGE_URL: z.union([z.literal('off'), z.url()]).optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must be a Stripe secret key (sk_live_… or sk_test_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must be the signing secret of the webhook endpoint (whsec_…)').optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens')
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region such as us-east-1 (auto for Cloudflare R2)')
      .default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) address such as https://minio.example.com:9000' }).optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together' })
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together' })
    }
    // Without a bucket the files would quietly go to the local disk, which other processes cannot read.
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'the other S3_ variables are set: name the bucket to store files in' })
    }
    if (env.NODE_ENV !== 'production') return
    if (!env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'production needs its own secret (at least 32 characters)' })
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'production needs the public address of the site' })
    }
    if (!env.KEYCODE_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['KEYCODE_ENCRYPTION_KEY'], message: 'production needs its own key for keycodes at rest' })
    }
    if (!env.TOTP_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOTP_ENCRYPTION_KEY'],
        message: 'production needs its own key for authenticator secrets at rest (not derived from JWT_SECRET)',
      })
    }
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      // The sandbox checkout accepts test cards: in production it would hand out keycodes for free.
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'production takes real payments: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      })
    }
    if (!env.BOOTSTRAP_SUPER_ADMIN_EMAIL || !env.BOOTSTRAP_SUPER_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_SUPER_ADMIN_EMAIL'],
        message: 'production needs BOOTSTRAP_SUPER_ADMIN_EMAIL and BOOTSTRAP_SUPER_ADMIN_PASSWORD for the first super admin',
      })
    }
  })

/**
 * A random secret generated once into DATA_DIR (mode 600) and read back on every start, like the keycode key.
 * With no configuration the server signs tokens with it, so no value written in the repository can forge a
 * token or a sandbox payment on a development server someone else can reach. Production refuses to start
 * without JWT_SECRET, so this never runs there. Reading the configuration is synchronous; so is this.
 */
export function developmentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  const read = () => readFileSync(file, 'utf8').trim()
  try {
    return read()
  } catch {
    mkdirSync(dataDir, { recursive: true })
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process of the same data folder wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    return read()
  }
}

export type Config = ReturnType<typeof toConfig>

function toConfig(env: z.infer<typeof EnvSchema>, keycodePortalSecrets: Record<string, string> = {}) {
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl: publicUrl.replace(/\/$/, ''),
    /** PUBLIC_URL was set: checkout return addresses are held to it. Unset (development), any address of the machine serves. */
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    corsOrigins: env.CORS_ORIGINS,
    /** JWT_SECRET, or in development a secret generated once into DATA_DIR (developmentSecret). */
    jwtSecret: env.JWT_SECRET ?? developmentSecret(path.resolve(env.DATA_DIR), 'jwt.secret'),
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** The first super admin, created at start-up when none exists (development falls back to documented defaults). */
    bootstrapSuperAdmin: {
      email: (env.BOOTSTRAP_SUPER_ADMIN_EMAIL ?? DEV_SUPER_ADMIN.email).toLowerCase(),
      password: env.BOOTSTRAP_SUPER_ADMIN_PASSWORD ?? DEV_SUPER_ADMIN.password,
      isDevelopmentDefault: !env.BOOTSTRAP_SUPER_ADMIN_EMAIL || !env.BOOTSTRAP_SUPER_ADMIN_PASSWORD,
    },
    /** Rate-limit counters shared by every API process; unset, each process counts in its own memory. */
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    /** Who is alerted when an Enterprise conversation opens outside support hours (docs/decisions/034); the support inbox when unset. */
    supportOnCallEmails: env.SUPPORT_ON_CALL_EMAILS.length > 0 ? env.SUPPORT_ON_CALL_EMAILS : [env.SUPPORT_EMAIL],
    /** The seller's postal address printed on receipts (one line, commas between parts); receipts name the seller without it until set. */
    sellerAddress: env.SELLER_ADDRESS ?? null,
    /** Back-office routes need a confirmed authenticator; on by default in production only (the demo starts without). */
    requireAdminTwoFactor:
      env.REQUIRE_ADMIN_2FA === undefined
        ? env.NODE_ENV === 'production'
        : env.REQUIRE_ADMIN_2FA === 'true' || env.REQUIRE_ADMIN_2FA === '1',
    /**
     * Where new passwords are also checked against breaches (members/breached-passwords.ts): Have I Been Pwned's range
     * API in production unless set otherwise, none elsewhere (the local list decides offline and in tests).
     */
    breachedPasswordsRangeUrl:
      env.BREACHED_PASSWORDS_RANGE_URL === 'off'
        ? null
        : (env.BREACHED_PASSWORDS_RANGE_URL ?? (env.NODE_ENV === 'production' ? 'https://api.pwnedpasswords.com/range/' : null)),
    /** Stripe when both are set; the sandbox checkout otherwise (development and tests). */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : undefined,
    keycodeEncryptionKey: env.KEYCODE_ENCRYPTION_KEY ? Buffer.from(env.KEYCODE_ENCRYPTION_KEY, 'base64') : undefined,
    /** Seals authenticator (TOTP) secrets; its own key, so rotating JWT_SECRET leaves every authenticator working. */
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY ? Buffer.from(env.TOTP_ENCRYPTION_KEY, 'base64') : undefined,
    /** Uploaded files in an S3-compatible bucket when S3_BUCKET is set; DATA_DIR/uploads otherwise. */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
          /** Unset: the SDK's own chain (AWS_* variables, shared config, the instance or task role). */
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    /** KCH_* variables: the keycode-portal logins named by keycode-portals.json (released to admins only). */
    keycodePortalSecrets,
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  }
}

/** Parses the environment once; every problem is listed, not just the first. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`PUBLIC_URL=` as in .env.example) means "use the default", as if unset.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''))
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`))
  }
  const keycodePortalSecrets = Object.fromEntries(Object.entries(present).filter(([name]) => name.startsWith('KCH_'))) as Record<
    string,
    string
  >
  return toConfig(parsed.data, keycodePortalSecrets)
}
