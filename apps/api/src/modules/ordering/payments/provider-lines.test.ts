import { describe, expect, it } from 'vitest'
import type { TransactionItem } from '../../../db/schema/payments.ts'
import { PROVIDER_MAX_LINES, providerLines } from './provider-lines.ts'

const keycode = (index: number, amountCents: number, batch?: string): TransactionItem => ({
  kind: 'KEYCODE',
  name: 'Honda Civic 2016 keycode',
  description: `Keycode lookup for VIN ending ${String(index).padStart(4, '0')}`,
  amountCents,
  ...(batch ? { batch } : {}),
})
const plan: TransactionItem = {
  kind: 'SUBSCRIPTION',
  name: 'Enterprise plan, monthly',
  description: 'Monthly membership plan',
  amountCents: 9999,
  tier: 'ENTERPRISE',
  billing: 'MONTHLY',
}
const charged = (lines: { amountCents: number; quantity?: number }[]) =>
  lines.reduce((sum, line) => sum + line.amountCents * (line.quantity ?? 1), 0)

describe("the payment provider's lines", () => {
  it('shows one line per cart line while they fit the provider', () => {
    const lines = Array.from({ length: PROVIDER_MAX_LINES }, (_, index) => keycode(index, 3375, 'B-7K2QX4'))
    expect(providerLines(lines)).toHaveLength(PROVIDER_MAX_LINES)
    expect(providerLines([plan])).toEqual([{ name: plan.name, description: plan.description, amountCents: 9999, recurring: 'month' }])
  })

  it('shows a 500-vehicle batch as one line per price, with its count, charging the same total', () => {
    const lines = [...Array.from({ length: 499 }, (_, index) => keycode(index, 3375, 'B-7K2QX4')), keycode(499, 3376, 'B-7K2QX4')]
    const shown = providerLines(lines)
    expect(shown).toEqual([
      {
        name: 'Keycode lookups, batch B-7K2QX4',
        description: expect.stringMatching(/^499 vehicles at \$33\.75 each/),
        amountCents: 3375,
        quantity: 499,
      },
      {
        name: 'Keycode lookups, batch B-7K2QX4',
        description: expect.stringMatching(/^1 vehicle at \$33\.76 each/),
        amountCents: 3376,
        quantity: 1,
      },
    ])
    expect(charged(shown)).toBe(charged(lines))
  })

  it('keeps a plan bought with a large batch as its own renewing line', () => {
    const lines = [plan, ...Array.from({ length: 150 }, (_, index) => keycode(index, 4400))]
    const shown = providerLines(lines)
    expect(shown[0]).toMatchObject({ name: plan.name, recurring: 'month' })
    expect(shown.slice(1)).toEqual([expect.objectContaining({ name: 'Keycode lookups', amountCents: 4400, quantity: 150 })])
    expect(charged(shown)).toBe(charged(lines))
  })
})
