import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { seedCatalogue } from './seed.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('GET /makes/getMakes', () => {
  it('serves the ordering catalogue: makes with prices, PIN flags, models and years', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/makes/getMakes' })
    expect(answer.statusCode).toBe(200)
    const makes = answer.json()
    expect(makes).toHaveLength(21)
    expect(
      makes.find((make: { name: string }) => make.name === 'Honda').models.find((model: { name: string }) => model.name === 'Civic').years,
    ).toContain(2020)
  })

  it('keeps the ordering-catalogue readings of docs/product.md under Prices (Nissan member 56, Mitsubishi 0 = ask)', async () => {
    const makes = (await testApp.app.inject({ method: 'GET', url: '/api/makes/getMakes' })).json()
    expect(makes.find((make: { name: string }) => make.name === 'Nissan')).toMatchObject({
      basePrice: 70,
      memberPrice: 56,
      requiresPin: true,
    })
    expect(makes.find((make: { name: string }) => make.name === 'Mitsubishi').memberPrice).toBe(0)
  })

  it('seeds idempotently', async () => {
    await seedCatalogue(testApp.app.database.db)
    await seedCatalogue(testApp.app.database.db)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/makes/getMakes' })).json()).toHaveLength(21)
  })
})
