import { and, eq, gt, isNull } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { supportReplyLinks } from '../../../db/schema/support.ts'

export async function insertReplyLink(db: DbExecutor, link: { tokenHash: string; conversationId: string; expiresAt: Date }) {
  await db.insert(supportReplyLinks).values(link)
}

/** The conversation a live link opens: neither used nor expired; null otherwise. */
export async function findLiveReplyLink(db: DbExecutor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ conversationId: supportReplyLinks.conversationId, expiresAt: supportReplyLinks.expiresAt })
    .from(supportReplyLinks)
    .where(and(eq(supportReplyLinks.tokenHash, tokenHash), gt(supportReplyLinks.expiresAt, now), isNull(supportReplyLinks.usedAt)))
    .limit(1)
  return row ?? null
}

/** Spends a live link, once: a second reply with it, even at the same moment, finds nothing to spend. */
export async function spendReplyLink(db: DbExecutor, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(supportReplyLinks)
    .set({ usedAt: now })
    .where(and(eq(supportReplyLinks.tokenHash, tokenHash), gt(supportReplyLinks.expiresAt, now), isNull(supportReplyLinks.usedAt)))
    .returning({ conversationId: supportReplyLinks.conversationId })
  return row?.conversationId ?? null
}
