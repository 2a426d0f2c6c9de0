import type { CatalogueMake } from '@keydesk/contracts/catalogue'
import { toDollars } from '@keydesk/contracts/money'
import { asc, eq, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleMakes, vehicleModels } from '../../../db/schema/ordering.ts'

/**
 * The makes as a derived table for other modules' reads to join by the make id they hold, so a page stays one query
 * without naming this module's table. PostgreSQL inlines it into a plain join; a scalar subquery per row instead
 * measured four times slower on a dashboard's 50 rows.
 */
export const makes = new QueryBuilder()
  .select({
    id: vehicleMakes.id,
    name: vehicleMakes.name,
    memberPriceCents: vehicleMakes.memberPriceCents,
    requiresPin: vehicleMakes.requiresPin,
  })
  .from(vehicleMakes)
  .as('makes')

/** Every make row with its models, in two queries (makes, then every model), never one query per make. */
export async function listMakesWithModels(db: DbExecutor) {
  const [makeRows, models] = await Promise.all([
    db.select().from(vehicleMakes).orderBy(asc(vehicleMakes.id)),
    db.select().from(vehicleModels).orderBy(asc(vehicleModels.id)),
  ])
  return makeRows.map((make) => ({
    ...make,
    models: models.filter((model) => model.makeId === make.id).map((model) => ({ name: model.name, years: model.years })),
  }))
}

/** The whole catalogue as clients see it, prices in dollars. */
export async function listCatalogue(db: DbExecutor): Promise<CatalogueMake[]> {
  return (await listMakesWithModels(db)).map((make) => ({
    id: make.id,
    name: make.name,
    category: make.category,
    basePrice: toDollars(make.basePriceCents),
    memberPrice: toDollars(make.memberPriceCents),
    requiresPin: make.requiresPin,
    pricingNote: make.pricingNote,
    models: make.models,
  }))
}

export async function findMakeByName(db: DbExecutor, name: string) {
  const [make] = await db.select().from(vehicleMakes).where(eq(vehicleMakes.name, name)).limit(1)
  return make
}

export async function findModel(db: DbExecutor, makeId: number, name: string) {
  const models = await db.select().from(vehicleModels).where(eq(vehicleModels.makeId, makeId))
  return models.find((model) => model.name === name)
}

export async function countMakesAndModels(db: DbExecutor) {
  const [makeCount] = await db.select({ count: sql<number>`count(*)::int` }).from(vehicleMakes)
  const [modelCount] = await db.select({ count: sql<number>`count(*)::int` }).from(vehicleModels)
  return { makes: makeCount?.count, models: modelCount?.count }
}

export async function upsertMake(db: DbExecutor, values: Omit<typeof vehicleMakes.$inferInsert, 'id'>): Promise<number> {
  const [row] = await db
    .insert(vehicleMakes)
    .values(values)
    .onConflictDoUpdate({ target: vehicleMakes.name, set: values })
    .returning({ id: vehicleMakes.id })
  if (!row) throw new Error(`catalogue make ${values.name} not saved`)
  return row.id
}

export async function upsertModels(db: DbExecutor, makeId: number, models: { name: string; years: number[] }[]) {
  await db
    .insert(vehicleModels)
    .values(models.map((model) => ({ makeId, name: model.name, years: model.years })))
    .onConflictDoUpdate({ target: [vehicleModels.makeId, vehicleModels.name], set: { years: sql`excluded.years` } })
}
