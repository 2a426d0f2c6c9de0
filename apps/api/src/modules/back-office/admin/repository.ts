import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { keycodeReleases } from '../../../db/schema/releases.ts'

export async function insertKeycodeRelease(db: DbExecutor, release: typeof keycodeReleases.$inferInsert) {
  // A code released again after a problem report sent it back replaces the record; the first release stays in the action log.
  const { vehicleRequestId: _, ...facts } = release
  await db.insert(keycodeReleases).values(release).onConflictDoUpdate({ target: keycodeReleases.vehicleRequestId, set: facts })
}

/** Adds a delivery channel to the release record once (the order link may be opened many times). */
export async function addReleaseChannel(db: DbExecutor, vehicleRequestId: string, channel: string) {
  await db
    .update(keycodeReleases)
    .set({ channels: sql`array_append(${keycodeReleases.channels}, ${channel})` })
    .where(and(eq(keycodeReleases.vehicleRequestId, vehicleRequestId), sql`not (${channel} = any(${keycodeReleases.channels}))`))
}

export type ReleaseCursor = { releasedAt: Date; vehicleRequestId: string }

/** One page of release records in [from, to), after the cursor, in release order (keycode_releases_released_idx). */
export function listReleasesPage(db: DbExecutor, range: { from: Date; to: Date }, after: ReleaseCursor | null, limit: number) {
  return db
    .select()
    .from(keycodeReleases)
    .where(
      and(
        gte(keycodeReleases.releasedAt, range.from),
        lt(keycodeReleases.releasedAt, range.to),
        after
          ? sql`(${keycodeReleases.releasedAt}, ${keycodeReleases.vehicleRequestId}) > (${after.releasedAt.toISOString()}::timestamptz, ${after.vehicleRequestId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(keycodeReleases.releasedAt), asc(keycodeReleases.vehicleRequestId))
    .limit(limit)
}
