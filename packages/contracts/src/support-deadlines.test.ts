import { describe, expect, it } from 'vitest'
import { PLAN_SUPPORT } from './plan-benefits.ts'
import {
  addSupportHours,
  isWithinSupportHours,
  needsOnCallAlert,
  SUPPORT_HOURS_TEXT,
  supportAnswerDueAt,
  supportPromiseText,
  supportTierOf,
} from './support-deadlines.ts'

const at = (iso: string) => new Date(iso)
const noPlan = { subscriptionTier: 'NONE' as const, trialTier: null, trialEndsAt: null }

describe('support hours: Monday-Friday 9-6 Eastern', () => {
  it('counts a Tuesday 10:00 EST as open and 18:00 as closed', () => {
    expect(isWithinSupportHours(at('2026-01-13T15:00:00Z'))).toBe(true)
    expect(isWithinSupportHours(at('2026-01-13T23:00:00Z'))).toBe(false)
  })

  it('reads the hours in EDT in summer: 9:00 EDT is 13:00 UTC', () => {
    expect(isWithinSupportHours(at('2026-07-14T12:59:00Z'))).toBe(false)
    expect(isWithinSupportHours(at('2026-07-14T13:00:00Z'))).toBe(true)
  })

  it('keeps Saturday and Sunday closed at any hour', () => {
    expect(isWithinSupportHours(at('2026-01-17T15:00:00Z'))).toBe(false)
    expect(isWithinSupportHours(at('2026-01-18T15:00:00Z'))).toBe(false)
  })
})

describe('the first-answer deadline', () => {
  it('gives Professional 8 support hours: Monday 10:00 EST is due Monday 18:00, Monday 11:00 is due Tuesday 10:00', () => {
    expect(supportAnswerDueAt('PROFESSIONAL', at('2026-01-12T15:00:00Z')).toISOString()).toBe('2026-01-12T23:00:00.000Z')
    expect(supportAnswerDueAt('PROFESSIONAL', at('2026-01-12T16:00:00Z')).toISOString()).toBe('2026-01-13T15:00:00.000Z')
  })

  it('skips the weekend: Professional written Friday 16:00 EST is due Monday 15:00 EST', () => {
    expect(supportAnswerDueAt('PROFESSIONAL', at('2026-01-16T21:00:00Z')).toISOString()).toBe('2026-01-19T20:00:00.000Z')
  })

  it('starts the clock at Monday 9:00 for a message written on Saturday', () => {
    expect(supportAnswerDueAt('PROFESSIONAL', at('2026-01-17T15:00:00Z')).toISOString()).toBe('2026-01-19T22:00:00.000Z')
  })

  it('gives Basic 48 support hours: Monday 9:00 EST is due the next Monday 12:00 EST', () => {
    // 48 hours of 9-hour days: five days and 3 hours, the weekend skipped.
    expect(supportAnswerDueAt('BASIC', at('2026-01-12T14:00:00Z')).toISOString()).toBe('2026-01-19T17:00:00.000Z')
  })

  it('gives a writer without a plan the policy aim of 24 support hours', () => {
    expect(supportAnswerDueAt('NONE', at('2026-01-12T14:00:00Z')).toISOString()).toBe('2026-01-14T20:00:00.000Z')
  })

  it('keeps the wall clock across the spring change: Friday 15:00 EST + 8 hours is Monday 14:00 EDT', () => {
    // 2026-03-08 is the Sunday clocks move forward; the deadline is 14:00 local, now 18:00 UTC, not 19:00.
    expect(supportAnswerDueAt('PROFESSIONAL', at('2026-03-06T20:00:00Z')).toISOString()).toBe('2026-03-09T18:00:00.000Z')
  })

  it('keeps the wall clock across the autumn change: Friday 15:00 EDT + 8 hours is Monday 14:00 EST', () => {
    expect(supportAnswerDueAt('PROFESSIONAL', at('2026-10-30T19:00:00Z')).toISOString()).toBe('2026-11-02T19:00:00.000Z')
  })

  it('counts Enterprise around the clock: Saturday 23:30 Eastern is due Sunday 0:30', () => {
    expect(supportAnswerDueAt('ENTERPRISE', at('2026-01-18T04:30:00Z')).toISOString()).toBe('2026-01-18T05:30:00.000Z')
  })

  it('alerts the admins on call for Enterprise at night, never for Enterprise in hours nor another plan at night', () => {
    expect(needsOnCallAlert('ENTERPRISE', at('2026-01-18T04:30:00Z'))).toBe(true)
    expect(needsOnCallAlert('ENTERPRISE', at('2026-01-13T15:00:00Z'))).toBe(false)
    expect(needsOnCallAlert('PROFESSIONAL', at('2026-01-18T04:30:00Z'))).toBe(false)
  })

  it('adds nothing when the amount is zero inside hours, and moves to the opening outside them', () => {
    expect(addSupportHours(at('2026-01-13T15:00:00Z'), 0).toISOString()).toBe('2026-01-13T15:00:00.000Z')
    expect(addSupportHours(at('2026-01-13T23:30:00Z'), 0).toISOString()).toBe('2026-01-14T14:00:00.000Z')
  })
})

describe('the plan a writer is promised', () => {
  const writtenAt = at('2026-01-13T15:00:00Z')

  it('is the plan held when writing: an upgrade after writing leaves the deadline as it was', () => {
    const basic = supportTierOf({ ...noPlan, subscriptionTier: 'BASIC' }, writtenAt)
    expect(basic).toBe('BASIC')
    expect(supportAnswerDueAt(basic, writtenAt)).toEqual(supportAnswerDueAt('BASIC', writtenAt))
  })

  it("is a running trial's tier, and nothing once the trial has ended", () => {
    const trial = { subscriptionTier: 'NONE' as const, trialTier: 'PROFESSIONAL' as const, trialEndsAt: at('2026-01-14T00:00:00Z') }
    expect(supportTierOf(trial, writtenAt)).toBe('PROFESSIONAL')
    expect(supportTierOf(trial, at('2026-01-15T00:00:00Z'))).toBe('NONE')
  })

  it('is none for a visitor without an account', () => {
    expect(supportTierOf(null, writtenAt)).toBe('NONE')
  })
})

describe('the promise in words', () => {
  it('states on the plan cards the hours the deadline function counts', () => {
    expect(SUPPORT_HOURS_TEXT).toBe('Monday-Friday 9-6 EST')
    expect(PLAN_SUPPORT.BASIC).toBe('Support in 24-48 support hours')
    expect(PLAN_SUPPORT.PROFESSIONAL).toBe('Priority support within 8 hours of support hours')
    expect(PLAN_SUPPORT.ENTERPRISE).toBe('24/7 support, answered within 1 hour')
    expect(supportPromiseText('NONE')).toBe('Support by e-mail within 24 hours of support hours')
  })
})
