import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8080)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toMatch(/data$/)
    expect(config.publicUrl).toBe('http://localhost:8080')
  })

  it('lists every bad variable, not just the first', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', CORS_ORIGINS: 'https://ok.example,nope' })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n')
      expect(problems).toContain('PORT')
      expect(problems).toContain('DATABASE_URL')
      expect(problems).toContain('CORS_ORIGINS')
    }
  })

  it('refuses to run production on the development secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://keydesk.example' })).toThrow(/JWT_SECRET/)
  })

  it('runs production with its own secrets', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://keydesk.example',
      JWT_SECRET: 'x'.repeat(40),
      BOOTSTRAP_SUPER_ADMIN_EMAIL: 'Owner@Keydesk.example',
      BOOTSTRAP_SUPER_ADMIN_PASSWORD: 'a-long-first-password',
      KEYCODE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 8).toString('base64'),
      STRIPE_SECRET_KEY: 'sk_live_example',
      STRIPE_WEBHOOK_SECRET: 'whsec_example',
    })
    expect(config.isProduction).toBe(true)
    expect(config.stripe).toEqual({ secretKey: 'sk_live_example', webhookSecret: 'whsec_example' })
    expect(config.requireAdminTwoFactor).toBe(true)
    expect(config.bootstrapSuperAdmin).toEqual({
      email: 'owner@keydesk.example',
      password: 'a-long-first-password',
      isDevelopmentDefault: false,
    })
  })

  it('refuses to run production without a key of its own for authenticator secrets', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://keydesk.example',
        JWT_SECRET: 'x'.repeat(40),
        BOOTSTRAP_SUPER_ADMIN_EMAIL: 'owner@keydesk.example',
        BOOTSTRAP_SUPER_ADMIN_PASSWORD: 'a-long-first-password',
        KEYCODE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        STRIPE_SECRET_KEY: 'sk_live_example',
        STRIPE_WEBHOOK_SECRET: 'whsec_example',
      }),
    ).toThrow(/TOTP_ENCRYPTION_KEY: production needs its own key for authenticator secrets/)
  })

  it('refuses to run production without the first super admin', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://keydesk.example', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /BOOTSTRAP_SUPER_ADMIN_EMAIL/,
    )
  })

  it('refuses to run production on the sandbox checkout, which accepts test cards', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://keydesk.example',
        JWT_SECRET: 'x'.repeat(40),
        BOOTSTRAP_SUPER_ADMIN_EMAIL: 'owner@keydesk.example',
        BOOTSTRAP_SUPER_ADMIN_PASSWORD: 'a-long-first-password',
        KEYCODE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 8).toString('base64'),
      }),
    ).toThrow(/STRIPE_SECRET_KEY/)
  })

  it('takes the Stripe keys only together', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_example' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together/,
    )
  })

  it('requires admin two-factor only when asked outside production, so the embedded demo starts as is', () => {
    expect(loadConfig({}).requireAdminTwoFactor).toBe(false)
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdminTwoFactor).toBe(true)
  })

  it('splits CORS_ORIGINS on commas', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ])
  })

  it('takes REDIS_URL only as a redis:// or rediss:// address, and counts rate limits in memory without it', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined()
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example:6380/2' }).redisUrl).toBe('rediss://:secret@cache.example:6380/2')
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a Redis address/)
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/)
  })

  it('stores files on disk without S3_BUCKET, and in the bucket with it (region us-east-1 unless set)', () => {
    expect(loadConfig({}).s3).toBeUndefined()
    expect(loadConfig({ S3_BUCKET: 'keydesk-files' }).s3).toEqual({
      bucket: 'keydesk-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    })
    expect(
      loadConfig({
        S3_BUCKET: 'keydesk-files',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
      }).s3,
    ).toEqual({
      bucket: 'keydesk-files',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    })
  })

  it('refuses S3 settings that would fail later or quietly fall back to the local disk', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Keydesk_Files' })).toThrow(/S3_BUCKET: must be a bucket name/)
    expect(() => loadConfig({ S3_BUCKET: 'keydesk', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig({ S3_BUCKET: 'keydesk', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/)
    expect(() => loadConfig({ S3_BUCKET: 'keydesk', S3_ACCESS_KEY_ID: 'minio' })).toThrow(/S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID/)
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: the other S3_ variables are set/)
    // As copied from .env.example: no bucket, so the disk.
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toBeUndefined()
  })

  it('reads TRUST_PROXY as nothing trusted, a number of hops, or proxy addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ])
  })

  it('refuses TRUST_PROXY=true, which would let a client choose its own address, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies in front of Keydesk/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not understood: 10\.0\.0\.0\/33/)
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/)
  })

  it('treats an empty value as unset, so a copied .env.example runs on the defaults', () => {
    const config = loadConfig({ PUBLIC_URL: '', DATABASE_URL: '', JWT_SECRET: '', PORT: '' })
    expect(config.port).toBe(8080)
    expect(config.databaseUrl).toBeUndefined()
  })

  it('generates the development JWT secret once into DATA_DIR (mode 600) and reads the same one back', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-config-'))
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret
      expect(first.length).toBeGreaterThanOrEqual(64)
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first)
      expect((await stat(path.join(dataDir, 'jwt.secret'))).mode & 0o777).toBe(0o600)
      const other = await mkdtemp(path.join(os.tmpdir(), 'keydesk-config-'))
      expect(loadConfig({ DATA_DIR: other }).jwtSecret).not.toBe(first)
      await rm(other, { recursive: true, force: true })
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'y'.repeat(40) }).jwtSecret).toBe('y'.repeat(40))
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
