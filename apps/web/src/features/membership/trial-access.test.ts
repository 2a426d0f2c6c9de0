import { DAY_MS, HOUR_MS, MINUTE_MS } from '@keydesk/contracts/time'
import { describe, expect, it } from 'vitest'
import { testUser } from '../../test/test-user.ts'
import { describeTrialTimeLeft, isTrialExpired, pricingTier, trialStatusFromUser } from './trial-access.ts'

const now = Date.parse('2025-03-01T12:00:00Z')
const inMs = (ms: number) => new Date(now + ms).toISOString()

describe('describeTrialTimeLeft (docs/product.md, "Plans, trial, the premium rule and turnaround promises")', () => {
  it('shows days while at least a day is left', () => {
    expect(describeTrialTimeLeft(inMs(3 * DAY_MS - 1000), now)).toBe('3 days left')
    expect(describeTrialTimeLeft(inMs(DAY_MS + HOUR_MS), now)).toBe('2 days left')
    expect(describeTrialTimeLeft(inMs(DAY_MS), now)).toBe('1 day left')
  })

  it('shows hours in the last day, then less than 1 hour', () => {
    expect(describeTrialTimeLeft(inMs(5 * HOUR_MS + 1000), now)).toBe('5 hours left')
    expect(describeTrialTimeLeft(inMs(HOUR_MS), now)).toBe('1 hour left')
    expect(describeTrialTimeLeft(inMs(59 * MINUTE_MS), now)).toBe('Less than 1 hour left')
  })

  it('says 3 days, not 4, when the page clock was read a minute before a 3-day trial started', () => {
    expect(describeTrialTimeLeft(inMs(3 * DAY_MS), now - MINUTE_MS)).toBe('3 days left')
  })

  it('is null without a running trial', () => {
    expect(describeTrialTimeLeft(null, now)).toBeNull()
    expect(describeTrialTimeLeft(inMs(-1000), now)).toBeNull()
  })
})

describe('pricingTier', () => {
  const trial = { ...trialStatusFromUser(testUser(), now) }

  it('is the paid tier first, else the running trial tier, else NONE', () => {
    expect(pricingTier('ENTERPRISE', { ...trial, isActive: true, trialTier: 'BASIC' })).toBe('ENTERPRISE')
    expect(pricingTier('NONE', { ...trial, isActive: true, trialTier: 'PROFESSIONAL' })).toBe('PROFESSIONAL')
    expect(pricingTier('NONE', { ...trial, isActive: false, trialTier: 'PROFESSIONAL' })).toBe('NONE')
    expect(pricingTier('NONE', null)).toBe('NONE')
  })
})

describe('trialStatusFromUser (the fallback of docs/product.md, "The API contract")', () => {
  it('reads a running trial from the session user', () => {
    const status = trialStatusFromUser(testUser({ trialEndsAt: inMs(30 * HOUR_MS) }), now)
    expect(status).toMatchObject({ hasTrial: true, isActive: true, remainingDays: 2, accessType: 'trial', trialTier: 'BASIC' })
  })

  it('reads an ended trial as expired', () => {
    const status = trialStatusFromUser(testUser({ trialEndsAt: inMs(-HOUR_MS) }), now)
    expect(isTrialExpired(status)).toBe(true)
  })

  it('reads a paid tier as paid access', () => {
    const user = testUser({ subscription: { tier: 'BASIC', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })
    expect(trialStatusFromUser(user, now)).toMatchObject({ hasTrial: false, hasPremiumAccess: true, accessType: 'paid' })
  })
})
