import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { memberProfiles } from '../../../db/schema/member.ts'

// The security columns of a member's profile; the security module reads and writes them through these functions.

/**
 * Each profile's two-factor flag as a derived table, for the per-call account read (auth) to join by user id;
 * PostgreSQL inlines it into a plain join. An account without a profile has no row: two-factor is off.
 */
export const twoFactorFlags = new QueryBuilder()
  .select({ userId: memberProfiles.userId, twoFactorEnabled: memberProfiles.twoFactorEnabled })
  .from(memberProfiles)
  .as('two_factor_flags')

export async function findSecuritySettings(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ twoFactorEnabled: memberProfiles.twoFactorEnabled })
    .from(memberProfiles)
    .where(eq(memberProfiles.userId, userId))
    .limit(1)
  return row ?? { twoFactorEnabled: false }
}

export async function findTwoFactorState(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      twoFactorEnabled: memberProfiles.twoFactorEnabled,
      totpSecretSealed: memberProfiles.totpSecretSealed,
      totpPendingSecretSealed: memberProfiles.totpPendingSecretSealed,
      recoveryCodeHashes: memberProfiles.recoveryCodeHashes,
    })
    .from(memberProfiles)
    .where(eq(memberProfiles.userId, userId))
    .limit(1)
  return row
}

export async function saveTwoFactorState(
  db: DbExecutor,
  userId: string,
  values: Partial<{
    twoFactorEnabled: boolean
    totpSecretSealed: string | null
    totpPendingSecretSealed: string | null
    recoveryCodeHashes: string[]
    totpLastUsedStep: number | null
  }>,
  now: Date,
) {
  await db
    .insert(memberProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memberProfiles.userId, set: { ...values, updatedAt: now } })
}

/**
 * Records a TOTP time step as used only if it is later than the last one used, so each code works once even when
 * two sign-ins present it at the same time; answers whether this caller won.
 */
export async function claimTotpStep(db: DbExecutor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(memberProfiles)
    .set({ totpLastUsedStep: step })
    .where(and(eq(memberProfiles.userId, userId), or(isNull(memberProfiles.totpLastUsedStep), lt(memberProfiles.totpLastUsedStep, step))))
    .returning({ userId: memberProfiles.userId })
  return rows.length > 0
}

/** Removes one recovery code only if it is still there, so a code works once even under concurrent use. */
export async function consumeRecoveryCode(db: DbExecutor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(memberProfiles)
    .set({ recoveryCodeHashes: sql`array_remove(${memberProfiles.recoveryCodeHashes}, ${codeHash})` })
    .where(and(eq(memberProfiles.userId, userId), sql`${codeHash} = any(${memberProfiles.recoveryCodeHashes})`))
    .returning({ userId: memberProfiles.userId })
  return rows.length > 0
}

/** When the account's second-factor step opens again, if wrong codes closed it. */
export async function findSecondFactorBlock(db: DbExecutor, userId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ blockedUntil: memberProfiles.secondFactorBlockedUntil })
    .from(memberProfiles)
    .where(and(eq(memberProfiles.userId, userId), gt(memberProfiles.secondFactorBlockedUntil, now)))
    .limit(1)
  return row?.blockedUntil ?? undefined
}

/**
 * Counts one wrong second-factor code for the account, in one statement so that concurrent guesses all count: a
 * window of `windowMs` starts at the first failure, and the `limit`-th failure in it closes the step for `windowMs`.
 * Answers whether this failure is the one that closed it.
 */
export async function recordSecondFactorFailure(db: DbExecutor, userId: string, now: Date, limit: number, windowMs: number) {
  const at = sql`${now.toISOString()}::timestamptz`
  const window = sql`${windowMs} * interval '1 millisecond'`
  const isNewWindow = sql`(${memberProfiles.secondFactorWindowStart} is null or ${memberProfiles.secondFactorWindowStart} < ${at} - ${window})`
  const count = sql`case when ${isNewWindow} then 1 else ${memberProfiles.secondFactorFailures} + 1 end`
  const [row] = await db
    .insert(memberProfiles)
    .values({ userId, secondFactorFailures: 1, secondFactorWindowStart: now })
    .onConflictDoUpdate({
      target: memberProfiles.userId,
      set: {
        secondFactorFailures: count,
        secondFactorWindowStart: sql`case when ${isNewWindow} then ${at} else ${memberProfiles.secondFactorWindowStart} end`,
        secondFactorBlockedUntil: sql`case when ${count} >= ${limit} then ${at} + ${window} else ${memberProfiles.secondFactorBlockedUntil} end`,
      },
    })
    .returning({ failures: memberProfiles.secondFactorFailures })
  return { closedNow: row?.failures === limit }
}

/** A right code, or a new password, starts the count again. */
export async function clearSecondFactorFailures(db: DbExecutor, userId: string) {
  await db
    .update(memberProfiles)
    .set({ secondFactorFailures: 0, secondFactorWindowStart: null, secondFactorBlockedUntil: null })
    .where(eq(memberProfiles.userId, userId))
}
