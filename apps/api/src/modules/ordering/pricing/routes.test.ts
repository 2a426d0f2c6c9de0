import { PricingAnswerSchema } from '@keydesk/contracts/pricing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('GET /api/pricing', () => {
  it('answers one card per manufacturer in the contract shape, to visitors', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/pricing' })
    expect(answer.statusCode).toBe(200)
    const cards = PricingAnswerSchema.parse(answer.json())
    expect(cards.map((card) => card.name)).toContain('Mercury')
    expect(cards.find((card) => card.name === 'Nissan')?.memberPrice).toBe(36)
  })

  it('adds what an order charges a member where it is above the card (Nissan and Infiniti: 56), and nothing elsewhere', async () => {
    const cards = PricingAnswerSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/pricing' })).json())
    const charged = cards
      .filter((card) => card.orderMemberPrice != null)
      .map((card) => [card.name, card.memberPrice, card.orderMemberPrice])
    expect(charged.sort()).toEqual([
      ['Infiniti', 36, 56],
      ['Nissan', 36, 56],
    ])
  })

  it('lets browsers cache it and revalidate with its ETag', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/api/pricing' })
    expect(first.headers['cache-control']).toBe('public, max-age=300')
    const etag = String(first.headers.etag)
    const again = await testApp.app.inject({ method: 'GET', url: '/api/pricing', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })
})
