import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

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
    expect((await add('BASIC')).json()).toEqual({ message: 'Basic Subscription added to your cart successfully!' })
    await add('PROFESSIONAL')
    const items = (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json()
    expect(items).toEqual([expect.objectContaining({ kind: 'SUBSCRIPTION', subscriptionTier: 'PROFESSIONAL', standardPrice: 24.99 })])
  })

  it('is refused for the tier the user holds or a lower one, and for visitors', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
    const add = (tier: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', payload: { tier }, headers: member.headers })
    expect((await add('PROFESSIONAL')).statusCode).toBe(409)
    expect((await add('BASIC')).json()).toMatchObject({ message: 'You already have a subscription.' })
    expect((await testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', payload: { tier: 'BASIC' } })).statusCode).toBe(
      401,
    )
  })

  it('accepts a higher tier as an upgrade', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'BASIC' }).where(eq(users.id, member.id))
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/cart/addSubscription',
      payload: { tier: 'ENTERPRISE' },
      headers: member.headers,
    })
    expect(answer.json()).toEqual({ message: 'Enterprise Subscription added to your cart successfully!' })
  })

  it('prices annual billing as docs/product.md says under Cart: Professional 149 plus the 49 setup fee, Basic 99.99', async () => {
    const member = await registerAndSignIn(testApp)
    const add = (tier: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/cart/addSubscription',
        payload: { tier, billing: 'ANNUAL' },
        headers: member.headers,
      })
    const items = async () => (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json()
    await add('PROFESSIONAL')
    expect(await items()).toEqual([expect.objectContaining({ subscriptionTier: 'PROFESSIONAL', standardPrice: 198 })])
    await add('BASIC')
    expect(await items()).toEqual([expect.objectContaining({ subscriptionTier: 'BASIC', standardPrice: 99.99 })])
    expect((await add('ENTERPRISE')).statusCode).toBe(400)
  })
})
