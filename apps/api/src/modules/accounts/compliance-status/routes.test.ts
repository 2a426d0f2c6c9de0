import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn } from '../../../test/accounts.ts'
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

  it('answers 401 to a visitor on the signed-in call', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/compliance/status' })).statusCode).toBe(401)
  })
})
