import { and, count, desc, eq, isNotNull } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { files } from '../../db/schema/files.ts'
import { memberProfiles } from '../../db/schema/member.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'

/** The member's own profile fields; none until the member first saves the profile. */
export async function findMemberProfile(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      address: memberProfiles.address,
      city: memberProfiles.city,
      zipCode: memberProfiles.zipCode,
      profilePhotoFileId: memberProfiles.profilePhotoFileId,
      companyLogoFileId: memberProfiles.companyLogoFileId,
    })
    .from(memberProfiles)
    .where(eq(memberProfiles.userId, userId))
    .limit(1)
  return row
}

export async function upsertMemberProfile(
  db: DbExecutor,
  userId: string,
  values: Partial<Omit<typeof memberProfiles.$inferInsert, 'userId' | 'updatedAt'>>,
  now: Date,
) {
  await db
    .insert(memberProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memberProfiles.userId, set: { ...values, updatedAt: now } })
}

export async function insertFileRow(
  db: DbExecutor,
  values: { ownerUserId: string; storageKey: string; contentType: string; sizeBytes: number; purpose: string },
): Promise<string> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id })
  if (!row) throw new Error('file insert returned nothing')
  return row.id
}

const paidRequestsOf = (userId: string) => and(eq(vehicleRequests.userId, userId), isNotNull(vehicleRequests.paidAt))

export function countOrdersByStatus(db: DbExecutor, userId: string) {
  return db
    .select({ status: vehicleRequests.status, count: count() })
    .from(vehicleRequests)
    .where(paidRequestsOf(userId))
    .groupBy(vehicleRequests.status)
}

export function findOrderPage(db: DbExecutor, userId: string, limit: number, offset: number) {
  return db
    .select({
      id: vehicleRequests.id,
      paidAt: vehicleRequests.paidAt,
      status: vehicleRequests.status,
      vin: vehicleRequests.vin,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      priceCents: vehicleRequests.priceCents,
    })
    .from(vehicleRequests)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .where(paidRequestsOf(userId))
    .orderBy(desc(vehicleRequests.paidAt), desc(vehicleRequests.id))
    .limit(limit)
    .offset(offset)
}
