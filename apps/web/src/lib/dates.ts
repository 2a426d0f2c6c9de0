/**
 * A day in words, "March 3, 2026", as the billing and plan screens state it. `inUtc` for the days the server counts in
 * UTC (a receipt's payment and refund days, its CSV's months), so the screen names the same day as the receipt.
 */
export const longDate = (iso: string, { inUtc = false } = {}) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(inUtc ? { timeZone: 'UTC' } : {}) })
