import { describe, expect, it } from 'vitest'
import { MANUFACTURER_PRICING } from './manufacturer-pricing.ts'
import { matchesPricingSearch } from './pricing.ts'

const byName = (name: string) => MANUFACTURER_PRICING.find((entry) => entry.name === name)

describe("pricing-page readings of docs/product.md's 'Prices'", () => {
  it('prices Infiniti and Nissan members at 36 on the pricing page', () => {
    expect(byName('Nissan')).toMatchObject({ nonMemberPrice: 70, memberPrice: 36 })
    expect(byName('Infiniti')).toMatchObject({ nonMemberPrice: 70, memberPrice: 36 })
  })

  it('lists Mercury with the Ford and Lincoln prices', () => {
    expect(byName('Mercury')).toMatchObject({ nonMemberPrice: 70, memberPrice: 55 })
  })

  it("leaves Mitsubishi's member price to 'Ask' (null)", () => {
    expect(byName('Mitsubishi')?.memberPrice).toBeNull()
  })
})

describe('matchesPricingSearch', () => {
  const toyota = byName('Toyota')
  if (!toyota) throw new Error('Toyota missing')

  it('matches the name in any case', () => expect(matchesPricingSearch(toyota, 'tOyOtA')).toBe(true))
  it('matches a popular model', () => expect(matchesPricingSearch(toyota, 'rav4')).toBe(true))
  it('matches the description', () => expect(matchesPricingSearch(toyota, 'trucks')).toBe(true))
  it('does not match unrelated text', () => expect(matchesPricingSearch(toyota, 'silverado')).toBe(false))
})
