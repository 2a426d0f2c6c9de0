import { z } from 'zod'

export * from './pricing-constants.ts'

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
