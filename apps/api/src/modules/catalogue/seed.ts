import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../../db/database.ts'
import { vehicleMakes, vehicleModels } from '../../db/schema/ordering.ts'
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
const expectedModels = makes.reduce((sum, make) => sum + make.models.length, 0)

/**
 * Upserts the ordering catalogue (docs/product.md §11 ordering readings: Nissan/Infiniti member 56, Mitsubishi 0 = ask).
 * Start-up first compares counts (one query), so an already seeded database costs almost nothing.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  const [makeCount] = await db.select({ count: sql<number>`count(*)::int` }).from(vehicleMakes)
  const [modelCount] = await db.select({ count: sql<number>`count(*)::int` }).from(vehicleModels)
  if (makeCount?.count === makes.length && modelCount?.count === expectedModels) return
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
      const [row] = await tx
        .insert(vehicleMakes)
        .values(values)
        .onConflictDoUpdate({ target: vehicleMakes.name, set: values })
        .returning({ id: vehicleMakes.id })
      if (!row) throw new Error(`catalogue make ${make.name} not saved`)
      await tx
        .insert(vehicleModels)
        .values(make.models.map((model) => ({ makeId: row.id, name: model.name, years: model.years })))
        .onConflictDoUpdate({ target: [vehicleModels.makeId, vehicleModels.name], set: { years: sql`excluded.years` } })
    }
  })
}
