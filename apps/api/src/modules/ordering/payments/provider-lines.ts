import { formatDollars } from '@keydesk/contracts/money'
import type { TransactionItem } from '../../../db/schema/payments.ts'
import type { CheckoutLine } from '../../../ports.ts'

/** Stripe refuses a checkout session of more than 100 line items; a 500-vehicle batch is one order all the same. */
export const PROVIDER_MAX_LINES = 100

const toLine = (line: TransactionItem): CheckoutLine => ({
  name: line.name,
  description: line.description,
  amountCents: line.amountCents,
  ...(line.kind === 'SUBSCRIPTION' ? { recurring: line.billing === 'ANNUAL' ? ('year' as const) : ('month' as const) } : {}),
})

/** Keycode lines of one price (and, with `byBatch`, of one batch) as one line with their count as its quantity. */
function grouped(lines: TransactionItem[], byBatch: boolean): CheckoutLine[] {
  const plans = lines.filter((line) => line.kind === 'SUBSCRIPTION').map(toLine)
  const groups = new Map<string, { batch: string | undefined; amountCents: number; count: number }>()
  for (const line of lines) {
    if (line.kind === 'SUBSCRIPTION') continue
    const batch = byBatch ? line.batch : undefined
    const key = `${batch ?? ''}|${line.amountCents}`
    const group = groups.get(key) ?? { batch, amountCents: line.amountCents, count: 0 }
    group.count += 1
    groups.set(key, group)
  }
  const keycodes = [...groups.values()].map(({ batch, amountCents, count }) => ({
    name: `Keycode lookups${batch ? `, batch ${batch}` : ''}`,
    description: `${count} vehicle${count === 1 ? '' : 's'} at ${formatDollars(amountCents)} each; each line is listed on your receipt`,
    amountCents,
    quantity: count,
  }))
  return [...plans, ...keycodes]
}

/**
 * The lines the payment provider's page shows. One per cart line while they fit; past the provider's limit, the
 * keycode lines of one batch and price become one line with a quantity (then of one price, if batches alone do not
 * fit), so the charged total stays the sum of the cart's lines and the receipt still lists each vehicle.
 */
export function providerLines(lines: TransactionItem[]): CheckoutLine[] {
  if (lines.length <= PROVIDER_MAX_LINES) return lines.map(toLine)
  const byBatch = grouped(lines, true)
  return byBatch.length <= PROVIDER_MAX_LINES ? byBatch : grouped(lines, false)
}
