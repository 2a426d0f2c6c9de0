import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationForm, uniqueEmail, uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const register = (form: FormData) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: form, remoteAddress: uniqueIp() })

/** What a spec client shows: 'Registration failed.' and the answer's text after it. */
const shown = (body: string) => `Registration failed. ${body}`
const SENTENCE = /^Registration failed\. [A-Z][^\n{}]*[.!?]$/

describe("registration failures answered as text (docs/product.md, 'Accounts and sessions')", () => {
  it('POST /auth/register answers a taken e-mail as text that reads on after "Registration failed."', async () => {
    const { form, email } = await registrationForm()
    expect((await register(form)).statusCode).toBe(201)
    const again = await register((await registrationForm({ email })).form)
    expect(again.statusCode).toBe(409)
    expect(again.headers['content-type']).toMatch(/^text\/plain/)
    expect(again.body).toBe('An account with this email already exists.')
    expect(shown(again.body)).toMatch(SENTENCE)
  })

  it('POST /auth/register answers a validation failure as one sentence of text, keeping 400', async () => {
    const answer = await register((await registrationForm({ fname: ' ' })).form)
    expect(answer.statusCode).toBe(400)
    expect(answer.headers['content-type']).toMatch(/^text\/plain/)
    expect(answer.body).toBe('First name is required.')
    expect(shown(answer.body)).toMatch(SENTENCE)
  })

  it('POST /auth/admin-register answers a failure as text, keeping its status', async () => {
    const form = new FormData()
    const fields = {
      fname: 'Ada',
      lname: 'Admin',
      email: uniqueEmail('admin'),
      phone: '555-0101',
      company: 'Keys Inc',
      password: 'Admin-Password-77',
      adminCode: 'NOPE99',
    }
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/auth/admin-register', payload: form, remoteAddress: uniqueIp() })
    expect(answer.statusCode).toBeGreaterThanOrEqual(400)
    expect(answer.headers['content-type']).toMatch(/^text\/plain/)
    expect(() => JSON.parse(answer.body)).toThrow()
    expect(shown(answer.body)).toMatch(SENTENCE)
  })

  it('keeps JSON for a successful registration and for the errors of every other call', async () => {
    const success = await register((await registrationForm()).form)
    expect(success.headers['content-type']).toMatch(/^application\/json/)
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ email: uniqueEmail('nobody'), password: 'wrong-password-1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: uniqueIp(),
    })
    expect(login.statusCode).toBe(401)
    expect(login.json()).toMatchObject({ code: expect.any(String), message: expect.any(String), error: expect.any(String) })
  })
})
