import { describe, expect, it } from 'vitest'
import { cartTotal, cartTotalCents, lineChargesCents, roundHalfUp, unitPrice } from './cart-total.ts'
import { CART_DISCOUNT_PERCENT } from './subscription.ts'

describe("cart total (docs/product.md, 'Cart')", () => {
  it('takes finalPrice, else standardPrice, else price', () => {
    expect(unitPrice({ finalPrice: 50, standardPrice: 70, price: 80 })).toBe(50)
    expect(unitPrice({ finalPrice: null, standardPrice: 70, price: 80 })).toBe(70)
    expect(unitPrice({ price: 80 })).toBe(80)
  })

  it("charges each line its share of its rate's total, a plan its list price, the lines adding up to the total", () => {
    const lines = [
      { cents: 3333, discountPercent: 20 },
      { cents: 3333, discountPercent: 20 },
      { cents: 3334, discountPercent: 20 },
      { kind: 'SUBSCRIPTION' as const, cents: 2499 },
      { cents: 5500, discountPercent: 0 },
    ]
    const charges = lineChargesCents(lines, 'PROFESSIONAL')
    expect(charges).toEqual([2666, 2666, 2668, 2499, 5500])
    expect(charges.reduce((sum, cents) => sum + cents, 0)).toBe(cartTotalCents(lines, 'PROFESSIONAL').totalCents)
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

  it('rounds every cart of 1 to 100,000 cents at every discount half up on the exact product, as exact rational arithmetic says', () => {
    let checked = 0
    for (const percent of [...new Set(Object.values(CART_DISCOUNT_PERCENT))]) {
      for (let subtotal = 1; subtotal <= 100_000; subtotal++) {
        // The exact total is n / 100 cents with n = subtotal × (100 − percent); the rounded total t must satisfy
        // |100·t − n| ≤ 50, and a tie (exactly 50) goes up. All in BigInt: no float touches it.
        const n = BigInt(subtotal) * BigInt(100 - percent)
        const t = BigInt(roundHalfUp(subtotal * (100 - percent), 100))
        const gap = 100n * t - n
        if (gap < -50n || gap > 50n || gap === -50n) throw new Error(`${subtotal} cents at ${percent}%: ${t}`)
        checked += 1
      }
    }
    expect(checked).toBe(400_000)
  })

  it('charges the same in cents as it shows in dollars, and the discount is what the rounding takes off', () => {
    expect(cartTotalCents([{ cents: 6999 }], 'BASIC')).toMatchObject({
      subtotalCents: 6999,
      discountPercent: 15,
      discountCents: 1050,
      totalCents: 5949,
    })
    // 10 cents at 15%: 8.5 cents exactly, a tie, rounded up to 9.
    expect(cartTotalCents([{ cents: 10 }], 'BASIC').totalCents).toBe(9)
    expect(cartTotal([{ standardPrice: 0.1 }], 'BASIC').total).toBe(0.09)
  })

  it('never discounts a plan line: a running Enterprise trial pays 99.99 for the Enterprise plan and 25% less for keycodes', () => {
    expect(cartTotalCents([{ kind: 'SUBSCRIPTION', cents: 9999 }], 'ENTERPRISE')).toMatchObject({ discountCents: 0, totalCents: 9999 })
    expect(
      cartTotal(
        [
          { kind: 'SUBSCRIPTION', finalPrice: 99.99 },
          { kind: 'KEYCODE', finalPrice: 60 },
        ],
        'ENTERPRISE',
      ),
    ).toEqual({ subtotal: 159.99, discountPercent: 25, discount: 15, total: 144.99 })
  })
})
