import { and, asc, desc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../db/database.ts'
import { mailOutbox } from '../../db/schema/mail.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { transactions } from '../../db/schema/payments.ts'
import { keycodeReleases } from '../../db/schema/releases.ts'
import { users } from '../../db/schema/users.ts'

const releasedBy = alias(users, 'released_by_user')

export type ReleaseCursor = { releasedAt: Date; vehicleRequestId: string }

/**
 * One page of releases in [from, to), after the cursor, in release order. The page's keys come first from
 * keycode_releases_released_idx alone, then their details by primary key: joined in one statement, the planner
 * may sort the whole range for every page.
 */
export async function listReleasesPage(db: DbExecutor, range: { from: Date; to: Date }, after: ReleaseCursor | null, limit: number) {
  const keys = await db
    .select({ id: keycodeReleases.vehicleRequestId })
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
  if (keys.length === 0) return []
  return db
    .select({
      vehicleRequestId: keycodeReleases.vehicleRequestId,
      releasedAt: keycodeReleases.releasedAt,
      isGuest: keycodeReleases.isGuest,
      accountValidated: keycodeReleases.accountValidated,
      documentsOnFile: keycodeReleases.documentsOnFile,
      identityChecked: keycodeReleases.identityChecked,
      overrideReason: keycodeReleases.overrideReason,
      channels: keycodeReleases.channels,
      confirmationNumber: transactions.confirmationNumber,
      paidAt: vehicleRequests.paidAt,
      paidPriceCents: vehicleRequests.paidPriceCents,
      vin: vehicleRequests.vin,
      year: vehicleRequests.year,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      memberEmail: users.email,
      checkoutEmail: transactions.customerEmail,
      releasedByEmail: releasedBy.email,
    })
    .from(keycodeReleases)
    .innerJoin(vehicleRequests, eq(vehicleRequests.id, keycodeReleases.vehicleRequestId))
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .leftJoin(transactions, eq(transactions.id, keycodeReleases.transactionId))
    .leftJoin(users, eq(users.id, vehicleRequests.userId))
    .leftJoin(releasedBy, eq(releasedBy.id, keycodeReleases.releasedBy))
    .where(
      inArray(
        keycodeReleases.vehicleRequestId,
        keys.map((key) => key.id),
      ),
    )
    .orderBy(asc(keycodeReleases.releasedAt), asc(keycodeReleases.vehicleRequestId))
}

/** Keycode mails the outbox gave up on, newest first (mail_outbox_failed_idx). */
export async function listFailedKeycodeMails(db: DbExecutor, limit: number) {
  return db
    .select({
      vehicleRequestId: vehicleRequests.id,
      to: mailOutbox.toAddress,
      lastError: mailOutbox.lastError,
      failedAt: mailOutbox.nextAttemptAt,
      year: vehicleRequests.year,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
    })
    .from(mailOutbox)
    .innerJoin(vehicleRequests, sql`${vehicleRequests.id}::text = substr(${mailOutbox.dedupeKey}, ${'keycode-ready:'.length + 1})`)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .where(and(eq(mailOutbox.status, 'FAILED'), like(mailOutbox.dedupeKey, 'keycode-ready:%')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
}
