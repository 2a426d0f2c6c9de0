import { describe, expect, it } from 'vitest'
import { annualSaving, planCharge } from './plan-prices.ts'

describe("plan prices (docs/product.md, 'Cart')", () => {
  it('charges the monthly price, or the annual price with the setup fee for annual non-Basic plans', () => {
    expect(planCharge('BASIC', 'MONTHLY')).toEqual({ periodCents: 999, setupFeeCents: 0, firstChargeCents: 999 })
    expect(planCharge('BASIC', 'ANNUAL')).toEqual({ periodCents: 9999, setupFeeCents: 0, firstChargeCents: 9999 })
    expect(planCharge('PROFESSIONAL', 'ANNUAL')).toEqual({ periodCents: 14900, setupFeeCents: 4900, firstChargeCents: 19800 })
    expect(planCharge('ENTERPRISE', 'MONTHLY')?.firstChargeCents).toBe(9999)
    expect(planCharge('ENTERPRISE', 'ANNUAL')).toBeNull()
  })

  it("states each annual plan's first year against twelve monthly payments", () => {
    expect(annualSaving('BASIC')).toEqual({ firstYearCents: 9999, twelveMonthsCents: 11988, savedCents: 1989, percent: 16 })
    expect(annualSaving('PROFESSIONAL')).toEqual({ firstYearCents: 19800, twelveMonthsCents: 29988, savedCents: 10188, percent: 33 })
    expect(annualSaving('ENTERPRISE')).toBeNull()
  })
})
