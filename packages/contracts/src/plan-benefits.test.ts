import { describe, expect, it } from 'vitest'
import { planBenefits, planLineName, planPriceLines, TURNAROUND_SENTENCE, trialBenefits } from './plan-benefits.ts'
import { TEAM_BENEFIT } from './team-plan.ts'

describe('plan benefits, said by the rules the server runs (docs/decisions/029)', () => {
  it("says Basic's discount is one keycode each plan month, on the makes it covers", () => {
    expect(planBenefits('BASIC')).toContain('15% off one keycode each plan month (Ford, Nissan and Chevrolet)')
    expect(planBenefits('BASIC')).toContain('Member prices on Ford, Nissan and Chevrolet only')
  })

  it("states each plan's bulk batch as the rows it may hold, Enterprise's bounded", () => {
    expect(planBenefits('PROFESSIONAL')).toContain('Bulk batches of up to 20 vehicles')
    expect(planBenefits('ENTERPRISE')).toContain('Bulk batches of up to 1,000 vehicles')
    expect(planBenefits('ENTERPRISE')).toContain(TEAM_BENEFIT)
    expect(planBenefits('PROFESSIONAL')).not.toContain(TEAM_BENEFIT)
    expect(planBenefits('BASIC').some((benefit) => benefit.startsWith('Bulk'))).toBe(false)
  })

  it('promises the deadline each plan is given at payment', () => {
    expect(planBenefits('ENTERPRISE')).toContain('Keycodes due within 30 minutes of payment')
    expect(planBenefits('PROFESSIONAL')).toContain('Keycodes due within 1 hour of payment')
    expect(planBenefits('BASIC')).toContain('Keycodes due within 24 hours of payment')
    expect(planBenefits('NONE')).toContain('Keycodes due within 48 hours of payment')
    expect(trialBenefits('BASIC')[0]).toBe('Keycodes due within 1 hour of payment')
    expect(TURNAROUND_SENTENCE).toContain('Enterprise within 30 minutes, Professional within 1 hour')
  })

  it('charges buyers without a plan the PIN and includes it for members', () => {
    expect(planBenefits('NONE')).toContain('PIN codes $20 extra')
    expect(planBenefits('BASIC')).toContain('PIN codes included')
  })

  it('shows each annual price as charged: a setup fee only where one is charged, none for Enterprise', () => {
    expect(planPriceLines('BASIC')).toEqual({ monthly: '$9.99', annual: 'or $99.99/year' })
    expect(planPriceLines('PROFESSIONAL')).toEqual({ monthly: '$24.99', annual: 'or $149.00/year + $49.00 setup fee' })
    expect(planPriceLines('ENTERPRISE')).toEqual({ monthly: '$99.99', annual: 'Enterprise is billed monthly.' })
  })

  it('names a plan line by tier and billing', () => {
    expect(planLineName('PROFESSIONAL', 'ANNUAL')).toBe('Professional plan (annual)')
  })
})
