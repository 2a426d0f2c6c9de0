import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn, registrationForm, uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('compliance status', () => {
  it('answers visitors the rule of the state they name', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/compliance/status/public?state=California' })
    expect(answer.json()).toMatchObject({ required: true, jurisdiction: 'California' })
  })

  it('answers a signed-in user the rule of their own state', async () => {
    const member = await registerAndSignIn(testApp, { state: 'Nevada' })
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/compliance/status', headers: member.headers })
    expect(answer.json()).toMatchObject({ required: true, jurisdiction: 'Nevada' })
  })

  it('signs up a business in a Canadian province and answers it the rule that applies there', async () => {
    const member = await registerAndSignIn(testApp, { state: 'Ontario' })
    const answer = (await testApp.app.inject({ method: 'GET', url: '/api/compliance/status', headers: member.headers })).json()
    expect(answer).toMatchObject({ required: false, requiredDocs: ['PHOTO_ID'], jurisdiction: 'Ontario' })
    expect(answer.message).toContain('US states only')
  })

  it('refuses a sign-up whose state is neither a US state nor a Canadian province', async () => {
    const { form } = await registrationForm({ state: 'Bavaria' })
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: form, remoteAddress: uniqueIp() })
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain('State is required')
  })

  it('answers 401 to a visitor on the signed-in call', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/compliance/status' })).statusCode).toBe(401)
  })
})
