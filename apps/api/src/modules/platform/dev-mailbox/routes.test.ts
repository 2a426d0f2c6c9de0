import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn, uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { settledPasswordResets } from '../../accounts/auth/password-reset-service.ts'

const LOCAL = '127.0.0.1'

describe('GET /api/dev/mailbox in development without SMTP_URL', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await createTestApp({ NODE_ENV: 'development' })
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('holds a reset mail, whole (to, subject, text and HTML), newest first', async () => {
    const member = await registerAndSignIn(testApp)
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: member.email },
      remoteAddress: uniqueIp(),
    })
    expect(reset.statusCode).toBe(200)
    // The reset's mail is queued just after its answer (no account can be told from its timing).
    await settledPasswordResets()
    await testApp.app.mail.deliverDue()
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: LOCAL })
    expect(answer.statusCode).toBe(200)
    const [newest] = answer.json()
    expect(newest).toMatchObject({ to: member.email, subject: 'Reset your Keydesk password' })
    expect(newest.text).toContain('/reset-password?token=')
    expect(newest.html).toContain('Choose a new password')
    expect(Date.parse(newest.sentAt)).not.toBeNaN()
  })

  it("answers 404 to a page that reached this machine under another site's name (DNS rebinding)", async () => {
    for (const host of ['attacker.example', 'attacker.example:8080', '192.168.1.5:8080']) {
      const answer = await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: LOCAL, headers: { host } })
      expect(answer.statusCode, host).toBe(404)
    }
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      const answer = await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: LOCAL, headers: { host } })
      expect(answer.statusCode, host).toBe(200)
    }
  })

  it('answers 404 to a browser on another machine: these mails hold reset links and keycodes', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '192.168.1.23' })
    expect(answer.statusCode).toBe(404)
  })
})

describe('GET /api/dev/mailbox behind a trusted proxy', () => {
  it('answers 404 when the proxy says the client is remote, though the proxy itself is local', async () => {
    const testApp = await createTestApp({ NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1' })
    try {
      const headers = { 'x-forwarded-for': '203.0.113.9' }
      const answer = await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: LOCAL, headers })
      expect(answer.statusCode).toBe(404)
    } finally {
      await testApp.close()
    }
  })
})

describe('GET /api/dev/mailbox elsewhere', () => {
  it('answers 404 in production', async () => {
    const testApp = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://keydesk.example',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      KEYCODE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 8).toString('base64'),
      BOOTSTRAP_SUPER_ADMIN_EMAIL: 'root@keydesk.example',
      BOOTSTRAP_SUPER_ADMIN_PASSWORD: 'Production-Root-Password-1',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_offline',
    })
    try {
      expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: LOCAL })).statusCode).toBe(404)
    } finally {
      await testApp.close()
    }
  })

  it('answers 404 when SMTP_URL is set', async () => {
    const testApp = await createTestApp({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' })
    try {
      expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: LOCAL })).statusCode).toBe(404)
    } finally {
      await testApp.close()
    }
  })
})
