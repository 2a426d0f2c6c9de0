import { z } from 'zod'

/** A manufacturer's pricing entry (docs/product.md, 'Prices'), as the pricing page shows it (dollars; memberPrice null = 'Ask'). */
export const ManufacturerPricingSchema = z.object({
  name: z.string(),
  logo: z.string(),
  nonMemberPrice: z.number(),
  memberPrice: z.number().nullable(),
  description: z.string(),
  popularModels: z.array(z.string()),
  features: z.array(z.string()),
  pinCodeNote: z.string().nullable(),
  /**
   * What an order of this make charges a member (the ordering catalogue's reading), where it is above the pricing
   * page's memberPrice: the card shows this one, so it never advertises less than a member pays (docs/decisions/021).
   */
  orderMemberPrice: z.number().nullable().optional(),
})
export type ManufacturerPricing = z.infer<typeof ManufacturerPricingSchema>
export const PricingAnswerSchema = z.array(ManufacturerPricingSchema)

export const DEFAULT_PIN_CODE_NOTE = 'Includes PIN code'

/** The member price a card shows: the price an order charges, never less (docs/decisions/021). */
export const shownMemberPrice = (entry: ManufacturerPricing): number | null =>
  entry.memberPrice === null ? null : Math.max(entry.memberPrice, entry.orderMemberPrice ?? 0)
export const PRICING_LOADING_TEXT = 'Loading keycode pricing...'
export const ALL_MANUFACTURERS = 'All Manufacturers'

/** docs/product.md, 'Screens and routes (web)': case-insensitive match on the name, the description or any popular model. */
export function matchesPricingSearch(entry: ManufacturerPricing, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  return [entry.name, entry.description, ...entry.popularModels].some((text) => text.toLowerCase().includes(needle))
}
