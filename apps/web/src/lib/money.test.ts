import { describe, expect, it } from 'vitest'
import { formatDollars } from './money.ts'

describe('formatDollars', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatDollars(999)).toBe('$9.99')
    expect(formatDollars(14900)).toBe('$149.00')
  })
})
