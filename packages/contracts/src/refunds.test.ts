import { describe, expect, it } from 'vitest'
import {
  ANNUAL_PLAN_MONTH_MS,
  planRefund,
  REFUND_MINIMUM_CENTS,
  REFUND_PROCESSING_FEE_CENTS,
  REFUND_REFUSALS,
  type RefundablePlan,
  refundExplanation,
} from './refunds.ts'
import { seededRandom } from './seeded-random.ts'
import { DAY_MS } from './time.ts'

const YEAR_MS = 365 * DAY_MS

const CASES = 4000

/** A random annual plan: any fee up to $1,000, started any time in 2020-2030, and a day from before it to after it. */
function randomCase(seed: number) {
  const random = seededRandom(seed)
  const start = Date.UTC(2020, 0, 1) + random.integer(0, 10 * 365) * DAY_MS + random.integer(0, DAY_MS - 1)
  const plan: RefundablePlan = {
    billing: 'ANNUAL',
    feeCents: random.integer(0, 100_000),
    startDate: new Date(start),
    endDate: new Date(start + YEAR_MS),
    refunded: false,
  }
  const day = new Date(start + random.integer(-10 * DAY_MS, YEAR_MS + 10 * DAY_MS))
  const later = new Date(day.getTime() + random.integer(0, 400 * DAY_MS))
  return { plan, day, later }
}

/** The policy sentence read on its own: the months of the year whose start is still ahead are unused. */
function unusedMonthsByPolicy(plan: RefundablePlan, day: Date): number {
  const start = new Date(plan.startDate).getTime()
  let unused = 0
  for (let month = 0; month < 12; month++) if (start + month * ANNUAL_PLAN_MONTH_MS > day.getTime()) unused++
  return unused
}

function forEveryCase(check: (sample: ReturnType<typeof randomCase>, seed: number) => void) {
  for (let seed = 1; seed <= CASES; seed++) check(randomCase(seed), seed)
}

describe('planRefund, property-tested against the Refund Policy sentence', () => {
  it('never gives more than the fee less the $5 processing fee, and never a negative amount', () => {
    forEveryCase(({ plan, day }, seed) => {
      const { amountCents } = planRefund(plan, day)
      expect(amountCents, `seed ${seed}`).toBeLessThanOrEqual(Math.max(0, plan.feeCents - REFUND_PROCESSING_FEE_CENTS))
      expect(amountCents, `seed ${seed}`).toBeGreaterThanOrEqual(0)
      expect(Number.isInteger(amountCents), `seed ${seed}`).toBe(true)
    })
  })

  it('gives unused / 12 × fee − $5, to the cent below, whenever that reaches $10', () => {
    forEveryCase(({ plan, day }, seed) => {
      const refund = planRefund(plan, day)
      if (day.getTime() >= new Date(plan.endDate).getTime()) return
      const unused = unusedMonthsByPolicy(plan, day)
      const exactCents = (unused * plan.feeCents) / 12 - REFUND_PROCESSING_FEE_CENTS
      expect(refund.unusedMonths, `seed ${seed}`).toBe(unused)
      if (refund.amountCents > 0) {
        expect(refund.amountCents, `seed ${seed}`).toBeLessThanOrEqual(exactCents)
        expect(refund.amountCents, `seed ${seed}`).toBeGreaterThan(exactCents - 1)
      }
    })
  })

  it('is zero exactly when the prorated amount less $5 is below $10, and then says so', () => {
    forEveryCase(({ plan, day }, seed) => {
      const refund = planRefund(plan, day)
      const ended = day.getTime() >= new Date(plan.endDate).getTime()
      const unused = unusedMonthsByPolicy(plan, day)
      const belowMinimum = (unused * plan.feeCents) / 12 - REFUND_PROCESSING_FEE_CENTS < REFUND_MINIMUM_CENTS
      expect(refund.amountCents === 0, `seed ${seed}`).toBe(ended || belowMinimum)
      expect(refund.reason, `seed ${seed}`).toBe(ended ? 'EXPIRED' : belowMinimum ? 'BELOW_MINIMUM' : null)
    })
  })

  it('never grows as time passes', () => {
    forEveryCase(({ plan, day, later }, seed) => {
      expect(planRefund(plan, later).amountCents, `seed ${seed}`).toBeLessThanOrEqual(planRefund(plan, day).amountCents)
    })
  })

  it('gives nothing for a monthly plan, whatever its fee and day', () => {
    forEveryCase(({ plan, day }, seed) => {
      expect(
        planRefund({ ...plan, billing: 'MONTHLY', endDate: new Date(new Date(plan.startDate).getTime() + 30 * DAY_MS) }, day),
        `seed ${seed}`,
      ).toEqual({
        amountCents: 0,
        unusedMonths: 0,
        reason: 'MONTHLY',
      })
    })
  })

  it('gives nothing for a plan already refunded', () => {
    forEveryCase(({ plan, day }, seed) => {
      expect(planRefund({ ...plan, refunded: true }, day).reason, `seed ${seed}`).toBe('REFUNDED')
    })
  })
})

describe('planRefund on known days', () => {
  const start = new Date('2026-01-01T00:00:00Z')
  const plan: RefundablePlan = {
    billing: 'ANNUAL',
    feeCents: 19_800,
    startDate: start,
    endDate: new Date(start.getTime() + YEAR_MS),
    refunded: false,
  }
  const at = (ms: number) => new Date(start.getTime() + ms)

  it('counts the month in progress as used: 11 unused months on the first day', () => {
    // 11/12 × $198.00 = $181.50, less $5.00.
    expect(planRefund(plan, start)).toEqual({ amountCents: 17_650, unusedMonths: 11, reason: null })
    expect(planRefund(plan, at(ANNUAL_PLAN_MONTH_MS - 1)).unusedMonths).toBe(11)
    expect(planRefund(plan, at(ANNUAL_PLAN_MONTH_MS)).unusedMonths).toBe(10)
  })

  it('gives nothing in the last month, nor once the plan has ended', () => {
    expect(planRefund(plan, at(11 * ANNUAL_PLAN_MONTH_MS))).toEqual({ amountCents: 0, unusedMonths: 0, reason: 'BELOW_MINIMUM' })
    expect(planRefund(plan, at(YEAR_MS)).reason).toBe('EXPIRED')
  })

  it('refuses an amount under $10: one unused month of a $99.99 plan is $8.33 less $5', () => {
    const basic = { ...plan, feeCents: 9_999 }
    expect(planRefund(basic, at(10 * ANNUAL_PLAN_MONTH_MS))).toEqual({ amountCents: 0, unusedMonths: 1, reason: 'BELOW_MINIMUM' })
  })

  it('explains the amount, or says why there is none', () => {
    expect(refundExplanation(planRefund(plan, start), plan.feeCents)).toBe(
      '11 unused months of 12 × $198.00, less the $5.00 processing fee.',
    )
    expect(refundExplanation(planRefund({ ...plan, billing: 'MONTHLY' }, start), plan.feeCents)).toBe(REFUND_REFUSALS.MONTHLY)
  })
})
