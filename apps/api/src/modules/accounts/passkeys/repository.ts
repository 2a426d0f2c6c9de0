import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { passkeys, webauthnChallenges } from '../../../db/schema/passkeys.ts'

// Passkeys and their WebAuthn challenges (decision 022). This module owns both tables.

export async function insertChallenge(
  db: DbExecutor,
  values: { challenge: string; ceremony: 'REGISTRATION' | 'AUTHENTICATION'; userId: string | null; expiresAt: Date },
  now: Date,
) {
  // Challenges nobody answered are dropped here rather than by a job: each is tiny and the index finds them at once.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now))
  await db.insert(webauthnChallenges).values(values)
}

/**
 * Spends a challenge: deletes it and answers whether it was there, unexpired, for this ceremony (and this account,
 * for a registration). One statement, so two answers carrying the same challenge cannot both pass.
 */
export async function consumeChallenge(
  db: DbExecutor,
  challenge: string,
  ceremony: 'REGISTRATION' | 'AUTHENTICATION',
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.ceremony, ceremony),
        gt(webauthnChallenges.expiresAt, now),
        userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge })
  return spent.length === 1
}

const passkeyView = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
}

export function listPasskeys(db: DbExecutor, userId: string) {
  return db.select(passkeyView).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))
}

export async function findCredentialIds(db: DbExecutor, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
}

export async function hasPasskey(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1)
  return row !== undefined
}

/** Inserts the passkey unless its credential is already registered (to any account); answers the new row or undefined. */
export async function insertPasskey(db: DbExecutor, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning(passkeyView)
  return row
}

/** The stored credential a sign-in names, locked until the transaction ends so its counter moves once. */
export async function findByCredentialId(db: DbExecutor, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1).for('update')
  return row
}

export async function recordUse(db: DbExecutor, id: string, counter: number, backedUp: boolean, now: Date) {
  await db.update(passkeys).set({ counter, backedUp, lastUsedAt: now }).where(eq(passkeys.id, id))
}

export async function renamePasskey(db: DbExecutor, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning(passkeyView)
  return row
}

/** Removes one passkey of this account; answers whether it did (another account's id removes nothing). */
export async function deletePasskey(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
  return removed.length === 1
}

export async function deleteAllPasskeys(db: DbExecutor, userId: string) {
  await db.delete(passkeys).where(eq(passkeys.userId, userId))
}
