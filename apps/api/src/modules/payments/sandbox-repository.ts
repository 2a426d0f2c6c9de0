import { and, eq, gt, or } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { sandboxCheckoutSessions } from '../../db/schema/payments.ts'

export type SandboxSession = typeof sandboxCheckoutSessions.$inferSelect

export async function insertSandboxSession(db: DbExecutor, values: typeof sandboxCheckoutSessions.$inferInsert) {
  await db.insert(sandboxCheckoutSessions).values(values)
}

export async function findSandboxSession(db: DbExecutor, id: string): Promise<SandboxSession | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(or(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.paymentIntentId, id)))
    .limit(1)
  return row
}

export async function findOpenSandboxSession(db: DbExecutor, id: string, now: Date): Promise<SandboxSession | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open'), gt(sandboxCheckoutSessions.expiresAt, now)))
    .limit(1)
  return row
}

export async function completeOpenSandboxSession(
  db: DbExecutor,
  id: string,
  values: Pick<typeof sandboxCheckoutSessions.$inferInsert, 'paymentIntentId' | 'customerEmail'>,
): Promise<SandboxSession | undefined> {
  const [row] = await db
    .update(sandboxCheckoutSessions)
    .set({ status: 'complete', ...values })
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning()
  return row
}
