import { describe, expect, it } from 'vitest'
import { hasPremiumAccess, premiumAccess, trialDaysLeft, trialDaysUntil } from './premium-access.ts'
import { dueAtFor, servicePlanOf, urgencyOf } from './service-levels.ts'

const now = new Date('2026-05-01T12:00:00Z')
const HOUR = 60 * 60 * 1000
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR)

describe('the premium rule', () => {
  it('gives a paid plan its tier, whatever the trial', () => {
    expect(premiumAccess({ subscriptionTier: 'PROFESSIONAL', trialTier: 'ENTERPRISE', trialEndsAt: inHours(5) }, now)).toMatchObject({
      type: 'paid',
      tier: 'PROFESSIONAL',
    })
  })

  it('gives a running trial its own tier, Basic when none was chosen', () => {
    expect(premiumAccess({ subscriptionTier: 'NONE', trialTier: 'ENTERPRISE', trialEndsAt: inHours(1) }, now).tier).toBe('ENTERPRISE')
    expect(premiumAccess({ subscriptionTier: 'NONE', trialTier: null, trialEndsAt: inHours(1) }, now).tier).toBe('BASIC')
  })

  it('gives nothing once the trial has ended, to the millisecond', () => {
    expect(hasPremiumAccess({ subscriptionTier: 'NONE', trialTier: 'BASIC', trialEndsAt: now }, now)).toBe(false)
    expect(hasPremiumAccess({ subscriptionTier: 'NONE', trialTier: 'BASIC', trialEndsAt: inHours(-1) }, now)).toBe(false)
    expect(hasPremiumAccess({ subscriptionTier: 'NONE', trialTier: null, trialEndsAt: null }, now)).toBe(false)
  })

  it('reads a trial end sent as text the same as a date', () => {
    expect(hasPremiumAccess({ subscriptionTier: 'NONE', trialTier: 'BASIC', trialEndsAt: inHours(1).toISOString() }, now)).toBe(true)
  })

  it('counts 3 trial days right after a 3-day trial starts, and 1 on its last day', () => {
    const holding = { subscriptionTier: 'NONE' as const, trialTier: 'BASIC' as const, trialEndsAt: inHours(72) }
    expect(trialDaysLeft(holding, now)).toBe(3)
    expect(trialDaysLeft(holding, inHours(71))).toBe(1)
    expect(trialDaysLeft(holding, inHours(72))).toBe(0)
  })

  it('counts no more than the trial length when the clock was read a minute before the trial started', () => {
    expect(trialDaysUntil(inHours(72), new Date(now.getTime() - 60 * 1000))).toBe(3)
  })
})

describe('service levels', () => {
  it('serves a trial as TRIAL and a plan as itself', () => {
    expect(servicePlanOf(premiumAccess({ subscriptionTier: 'NONE', trialTier: 'ENTERPRISE', trialEndsAt: inHours(1) }, now))).toBe('TRIAL')
    expect(servicePlanOf(premiumAccess({ subscriptionTier: 'BASIC', trialTier: null, trialEndsAt: null }, now))).toBe('BASIC')
    expect(servicePlanOf(premiumAccess({ subscriptionTier: 'NONE', trialTier: null, trialEndsAt: null }, now))).toBe('NONE')
  })

  it('marks a request overdue past its deadline and due soon under a quarter of its turnaround left', () => {
    const request = { paidAt: now, dueAt: dueAtFor('PROFESSIONAL', now) }
    expect(urgencyOf(request, inHours(0.5))).toBe('on-time')
    expect(urgencyOf(request, inHours(0.8))).toBe('due-soon')
    expect(urgencyOf(request, inHours(1))).toBe('overdue')
  })
})
