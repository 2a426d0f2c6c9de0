import type { SubscriptionTier } from './subscription-constants.ts'

/**
 * How many vehicles a batch may hold (docs/product.md, 'Bulk ordering'), apart from bulk.ts and its schemas because the
 * plan cards on a first visit say it.
 */

/** The most rows one batch may carry: an Enterprise shop with more sends several batches. */
export const BULK_MAX_ROWS = 1000
/** Rows per batch by tier: Professional 20, Enterprise the largest batch any member may send. */
export const BULK_ROW_LIMITS = { PROFESSIONAL: 20, ENTERPRISE: BULK_MAX_ROWS } as const satisfies Partial<Record<SubscriptionTier, number>>
/** From this many rows the screen offers the custom quote at BULK_QUOTE_PRICE_CENTS a request (docs/product.md, 'Prices'). */
export const BULK_QUOTE_FROM_ROWS = 100
export const BULK_QUOTE_PRICE_CENTS = 50

/** How many rows a batch of this tier may hold, or null when the tier has no bulk ordering. */
export function bulkRowLimit(tier: SubscriptionTier): number | null {
  return tier === 'PROFESSIONAL' || tier === 'ENTERPRISE' ? BULK_ROW_LIMITS[tier] : null
}
