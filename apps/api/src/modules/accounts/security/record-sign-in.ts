import type { DbExecutor } from '../../../db/database.ts'
import { insertSignIn } from './repository.ts'

/**
 * Adds one successful sign-in to the member's login history (docs/product.md, 'Member area, chat and support', Security). Called by the
 * sign-in flow; the user agent is cut to a sane length because it is free text from the client.
 */
export async function recordSignIn(db: DbExecutor, signIn: { userId: string; ipAddress?: string; userAgent?: string }): Promise<void> {
  await insertSignIn(db, {
    userId: signIn.userId,
    ipAddress: signIn.ipAddress ?? null,
    userAgent: signIn.userAgent ? signIn.userAgent.slice(0, 300) : null,
  })
}
