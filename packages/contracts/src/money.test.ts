import { describe, expect, it } from 'vitest'
import { formatDollars, formatPrice, toCents, toDollars } from './money.ts'

describe('money', () => {
  it('shows cents as dollars with two decimals and thousands separated', () => {
    expect(formatDollars(999)).toBe('$9.99')
    expect(formatDollars(14900)).toBe('$149.00')
    expect(formatDollars(123450)).toBe('$1,234.50')
  })

  it('says a whole-dollar price in a sentence without cents', () => {
    expect(formatPrice(2000)).toBe('$20')
    expect(formatPrice(50)).toBe('$0.50')
    expect(formatPrice(999)).toBe('$9.99')
  })

  it('turns every cent amount into dollars and back unchanged', () => {
    for (let cents = 0; cents <= 100_000; cents++) expect(toCents(toDollars(cents))).toBe(cents)
  })
})
