import type { Uses } from '../../../ports.ts'
import { findUserNames } from '../../accounts/index.ts'
import { findRefundsOfPlans } from './refund-repository.ts'
import { listPlans } from './repository.ts'

/** GET /admin/subscriptions (docs/product.md, 'Back office', in the API contract): newest first; a revoked user's e-mail is not shown. */
export async function listAdminSubscriptions(ports: Uses<'database'>, page: { limit: number; offset: number }) {
  const plans = await listPlans(ports.database.db, page.limit, page.offset)
  const [members, refunds] = await Promise.all([
    findUserNames(
      ports.database.db,
      plans.map((plan) => plan.userId),
    ),
    findRefundsOfPlans(
      ports.database.db,
      plans.map((plan) => plan.id),
    ),
  ])
  // A member deleted between the two reads took their plans along (the rows cascade), so theirs are not listed.
  return plans.flatMap((plan) => {
    const member = members.get(plan.userId)
    if (!member) return []
    const refund = refunds.get(plan.id)
    return [
      {
        id: plan.id,
        tier: plan.tier,
        status: plan.status,
        userEmail: member.isActive ? member.email : null,
        memberName: member.isActive ? `${member.fname} ${member.lname}` : null,
        billing: plan.billing,
        refundedCents: refund?.status === 'REFUNDED' ? refund.amountCents : null,
        refundRequestedAt: plan.refundRequestedAt?.toISOString() ?? null,
      },
    ]
  })
}
