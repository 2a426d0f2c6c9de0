import { describe, expect, it } from 'vitest'
import { RETENTION, retentionCutoff, retentionEnd } from './retention.ts'

describe('retention periods (docs/decisions/030)', () => {
  it("ends a closed account's data its 30 days after the closing", () => {
    expect(retentionEnd(RETENTION.ACCOUNT.period, new Date('2026-05-04T12:00:00Z'))).toEqual(new Date('2026-06-03T12:00:00Z'))
  })

  it('ends a transaction record on the same day 7 calendar years later', () => {
    expect(retentionEnd(RETENTION.TRANSACTIONS.period, new Date('2024-02-29T08:00:00Z')).toISOString().slice(0, 4)).toBe('2031')
  })

  it('cuts off, as of a day, exactly the records whose period ended by then', () => {
    const closed = new Date('2026-05-04T12:00:00Z')
    const end = retentionEnd(RETENTION.ACCOUNT.period, closed)
    expect(retentionCutoff(RETENTION.ACCOUNT.period, end)).toEqual(closed)
  })
})
