import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/users.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { registerAndSignIn } from '../auth/test-accounts.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('POST /cart/addSubscription', () => {
  it('puts one plan in the cart at its monthly price, replacing an earlier choice', async () => {
    const member = await registerAndSignIn(testApp)
    const add = (tier: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', payload: { tier }, headers: member.headers })
    expect((await add('BASIC')).json()).toEqual({ message: 'BASIC Subscription added to your cart successfully!' })
    await add('PROFESSIONAL')
    const items = (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json()
    expect(items).toEqual([expect.objectContaining({ kind: 'SUBSCRIPTION', subscriptionTier: 'PROFESSIONAL', standardPrice: 24.99 })])
  })

  it('is refused once the user has a tier, and for visitors', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'BASIC' }).where(eq(users.id, member.id))
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/cart/addSubscription',
      payload: { tier: 'ENTERPRISE' },
      headers: member.headers,
    })
    expect(answer.statusCode).toBe(409)
    expect((await testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', payload: { tier: 'BASIC' } })).statusCode).toBe(
      401,
    )
  })
})
