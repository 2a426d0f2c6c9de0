import { eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { memberProfiles } from '../../../db/schema/member.ts'

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
