import { describe, expect, it } from 'vitest'
import { cartTotal, unitPrice } from './cart-total.ts'

describe('cart total (spec 9)', () => {
  it('takes finalPrice, else standardPrice, else price', () => {
    expect(unitPrice({ finalPrice: 50, standardPrice: 70, price: 80 })).toBe(50)
    expect(unitPrice({ finalPrice: null, standardPrice: 70, price: 80 })).toBe(70)
    expect(unitPrice({ price: 80 })).toBe(80)
  })

  it('applies no discount without a tier', () => {
    expect(cartTotal([{ standardPrice: 70 }, { standardPrice: 85 }], 'NONE')).toEqual({
      subtotal: 155,
      discountPercent: 0,
      discount: 0,
      total: 155,
    })
  })

  it('applies 15, 20 and 25 percent by tier, rounded to cents', () => {
    expect(cartTotal([{ standardPrice: 69.99 }], 'BASIC').total).toBe(59.49)
    expect(cartTotal([{ standardPrice: 70 }], 'PROFESSIONAL').total).toBe(56)
    expect(cartTotal([{ standardPrice: 75 }], 'ENTERPRISE').total).toBe(56.25)
  })
})
