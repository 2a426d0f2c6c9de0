/**
 * Money is integer cents everywhere inside Keydesk; the API's answers carry dollars, as the contract gives them
 * (docs/product.md, in its introduction). These are the only conversions between the two, and the one way money is shown.
 */

/** Dollars as the API shows them (two decimals at most) to integer cents; the one place a float becomes money. */
export const toCents = (dollars: number): number => Math.round(dollars * 100)

/** Keydesk sells in the US and Canada and charges in US dollars only; the screens that show prices say so. */
export const CURRENCY_NOTE = 'All prices are in US dollars (USD), for customers in the US and in Canada.'

/** Integer cents to the dollars an answer carries. */
export const toDollars = (cents: number): number => cents / 100

/** Cents as people read them: "$1,234.50". */
export function formatDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(toDollars(cents))
}

/** Cents as a sentence says a price: "$20" for whole dollars, "$0.50" and "$9.99" otherwise. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? formatDollars(cents).replace(/\.00$/, '') : formatDollars(cents)
}
