import { z } from 'zod'

/** The vehicle catalogue per make (docs/product.md, 'Catalogue and VIN'), as GET /makes/getMakes answers it (prices in dollars for the UI). */
export const CatalogueMakeSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  basePrice: z.number(),
  /** 0 means "Ask for pricing" (docs/product.md, 'Prices': Mitsubishi). */
  memberPrice: z.number(),
  requiresPin: z.boolean(),
  pricingNote: z.string().nullable(),
  models: z.array(z.object({ name: z.string(), years: z.array(z.number()) })),
})
export type CatalogueMake = z.infer<typeof CatalogueMakeSchema>
export const CatalogueAnswerSchema = z.array(CatalogueMakeSchema)

export const ASK_FOR_PRICING = 'Ask for pricing'
