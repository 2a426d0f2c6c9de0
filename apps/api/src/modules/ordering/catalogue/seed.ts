import { z } from 'zod'
import type { Database } from '../../../ports.ts'
import { countMakesAndModels, upsertMake, upsertModels } from './repository.ts'
import catalogue from './vehicle-catalogue.json' with { type: 'json' }

const CatalogueFileSchema = z.object({
  makes: z.array(
    z.object({
      name: z.string(),
      category: z.string(),
      basePrice: z.number(),
      memberPrice: z.number(),
      requiresPin: z.boolean(),
      pricingNote: z.string().nullable(),
      models: z.array(z.object({ name: z.string(), years: z.array(z.number().int()) })),
    }),
  ),
})

const makes = CatalogueFileSchema.parse(catalogue).makes

/** The member price an order of this make is charged (the ordering catalogue's reading), in dollars; null when unknown or "ask". */
export function orderMemberPriceOf(makeName: string): number | null {
  const make = makes.find((entry) => entry.name === makeName)
  return make && make.memberPrice > 0 ? make.memberPrice : null
}
const expectedModels = makes.reduce((sum, make) => sum + make.models.length, 0)

/**
 * Upserts the ordering catalogue (docs/product.md, 'Prices', the ordering readings: Nissan/Infiniti member 56, Mitsubishi 0 = ask).
 * Start-up first compares the two row counts, so an already seeded database costs almost nothing.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  const counts = await countMakesAndModels(db)
  if (counts.makes === makes.length && counts.models === expectedModels) return
  await db.transaction(async (tx) => {
    for (const make of makes) {
      const values = {
        name: make.name,
        category: make.category,
        basePriceCents: Math.round(make.basePrice * 100),
        memberPriceCents: Math.round(make.memberPrice * 100),
        requiresPin: make.requiresPin,
        pricingNote: make.pricingNote,
      }
      const makeId = await upsertMake(tx, values)
      await upsertModels(tx, makeId, make.models)
    }
  })
}
