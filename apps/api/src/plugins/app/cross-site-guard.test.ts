import { MESSAGES } from '@keydesk/contracts/messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, registrationForm, uniqueIp } from '../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'

let testApp: TestApp
let behindProxy: TestApp
let email: string

beforeAll(async () => {
  // PUBLIC_URL unset: the development default (http://localhost:8080) is not the address people open the app at.
  ;[testApp, behindProxy] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: '1' })])
  const { form, email: registered } = await registrationForm()
  expect(
    (await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: form, remoteAddress: uniqueIp() })).statusCode,
  ).toBe(201)
  email = registered
})

afterAll(async () => {
  await Promise.all([testApp?.close(), behindProxy?.close()])
})

function signIn(app: TestApp, headers: Record<string, string>, account = { email, password: GOOD_PASSWORD }) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams(account).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
    remoteAddress: uniqueIp(),
  })
}

describe('cross-site guard', () => {
  it('lets a sign-in through from the app opened at http://127.0.0.1:8080 or at a LAN address', async () => {
    for (const address of ['127.0.0.1:8080', '192.168.1.20:8080', 'keydesk-box.lan']) {
      const answer = await signIn(testApp, { host: address, origin: `http://${address}` })
      expect(answer.statusCode, address).toBe(200)
    }
  })

  it('refuses an Origin whose port or scheme differs from the address the request was sent to', async () => {
    expect((await signIn(testApp, { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:9999' })).statusCode).toBe(403)
    expect((await signIn(testApp, { host: '127.0.0.1:8080', origin: 'https://127.0.0.1:8080' })).statusCode).toBe(403)
  })

  it('still refuses a foreign origin, with a text that says what to do', async () => {
    const answer = await signIn(testApp, { host: '127.0.0.1:8080', origin: 'https://evil.example' })
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.crossSiteRefused })
    expect(MESSAGES.crossSiteRefused).toMatch(/Open Keydesk directly at its own address, reload the page and try again\.$/)
  })

  it('takes the address from X-Forwarded-Host and X-Forwarded-Proto under TRUST_PROXY only', async () => {
    const proxied = {
      host: '10.0.0.5:8080',
      'x-forwarded-host': 'keys.example.com',
      'x-forwarded-proto': 'https',
      origin: 'https://keys.example.com',
    }
    const { form, email: proxiedEmail } = await registrationForm()
    await behindProxy.app.inject({ method: 'POST', url: '/api/auth/register', payload: form, remoteAddress: uniqueIp() })
    expect((await signIn(behindProxy, proxied, { email: proxiedEmail, password: GOOD_PASSWORD })).statusCode).toBe(200)
    expect((await signIn(testApp, proxied)).statusCode).toBe(403)
  })
})
