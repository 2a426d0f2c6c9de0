/** Money travels in cents; the UI shows dollars (docs/product.md §11). */
export function formatDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}
