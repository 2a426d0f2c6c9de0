/**
 * The pricing page's plain values and readings, without PricingAnswerSchema: the page draws its heading with these
 * while its answer's schema, and the schema library with it, still loads.
 */

export const DEFAULT_PIN_CODE_NOTE = 'Includes PIN code'
export const PRICING_LOADING_TEXT = 'Loading keycode pricing...'
export const ALL_MANUFACTURERS = 'All Manufacturers'

/** The member price a card shows: the price an order charges, never less (docs/decisions/021). */
export const shownMemberPrice = (entry: { memberPrice: number | null; orderMemberPrice?: number | null }): number | null =>
  entry.memberPrice === null ? null : Math.max(entry.memberPrice, entry.orderMemberPrice ?? 0)

/** docs/product.md, 'Screens and routes (web)': case-insensitive match on the name, the description or any popular model. */
export function matchesPricingSearch(entry: { name: string; description: string; popularModels: string[] }, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  return [entry.name, entry.description, ...entry.popularModels].some((text) => text.toLowerCase().includes(needle))
}
