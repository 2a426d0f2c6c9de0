import { planBenefits, planPriceLines } from '@keydesk/contracts/plan-benefits'
import { type PaidTier, TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

/** The plan cards state what the server does: each perk and price comes from the rule that applies it (docs/decisions/029). */
const plans = (['BASIC', 'PROFESSIONAL', 'ENTERPRISE'] as const satisfies PaidTier[]).map((tier) => ({
  tier,
  name: TIER_LABELS[tier],
  prices: planPriceLines(tier),
  perks: planBenefits(tier),
}))

/** The three paid plans with their prices and perks, each leading to the membership page. */
export function HomePlans() {
  return (
    <section aria-labelledby="plans-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="plans-heading" className="text-center text-3xl font-bold text-brand-900">
        Membership plans
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.tier} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold">{plan.name}</h3>
            <p className="mt-2 text-3xl font-bold">
              {plan.prices.monthly}
              <span className="text-base font-normal text-slate-500">/month</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">{plan.prices.annual}</p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {plan.perks.map((perk) => (
                <li key={perk}>✓ {perk}</li>
              ))}
            </ul>
            <Link to={paths.membership} className="mt-6 inline-block font-semibold text-brand-600 hover:underline">
              Choose {plan.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
