import type { DbExecutor } from '../../../db/database.ts'
import { findUserNames } from '../../accounts/index.ts'
import { createOrderLink } from './order-links.ts'

/**
 * Where a mail about one order goes: the member's address with a link to the dashboard, or a guest's checkout
 * address with a new link to that order. Null when there is no address to write to.
 */
export async function buyerMailAddress(
  tx: DbExecutor,
  publicUrl: string,
  request: { id: string; userId: string | null },
  checkoutEmail: string | null,
  now: Date,
) {
  const { userId } = request
  const owner = userId === null ? undefined : (await findUserNames(tx, [userId])).get(userId)
  const to = userId === null ? checkoutEmail : (owner?.email ?? null)
  if (to === null) return null
  const link = userId === null ? await createOrderLink(tx, publicUrl, request.id, now) : null
  return { to, firstName: owner?.fname ?? null, isGuest: userId === null, orderUrl: link?.url ?? `${publicUrl}/user-dash` }
}
