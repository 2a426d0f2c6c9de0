import { planBenefits, planPriceLines } from '@keydesk/contracts/plan-benefits'
import { type PaidTier, TIER_LABELS, TRIAL_LENGTH_DAYS } from '@keydesk/contracts/subscription-constants'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'

/** The plan cards state what the server does: each perk and price comes from the rule that applies it (docs/decisions/029). */
const plans = (['BASIC', 'PROFESSIONAL', 'ENTERPRISE'] as const satisfies PaidTier[]).map((tier) => ({
  tier,
  name: TIER_LABELS[tier],
  prices: planPriceLines(tier),
  perks: planBenefits(tier),
}))

const steps = [
  { title: 'Enter VIN', text: 'Tell us the make, model, year and the 17-character VIN of the vehicle.' },
  { title: 'Pay securely', text: 'Pay by card through a hosted checkout. We never see your card number.' },
  { title: 'Get code', text: 'Your keycode arrives by e-mail and in your account.' },
]

export function HomePage() {
  const { user } = useSession()
  // A business user sees the trial banner of the app shell instead, which knows their trial.
  const isTrialShownByShell = user?.role === 'BASEUSER'
  return (
    <>
      {!isTrialShownByShell && (
        <section aria-label="Free trial" className="bg-brand-900 px-4 py-2 text-center text-sm text-white">
          Try premium free for {TRIAL_LENGTH_DAYS} days, with no automatic charge.{' '}
          <Link to={paths.trialDetails} className="font-semibold underline">
            See trial details
          </Link>
        </section>
      )}

      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">For automotive locksmiths and technicians</p>
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">
          Vehicle keycodes from the VIN, fast and verified
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Order the mechanical key code, and the immobilizer PIN where the make needs one, for vehicles across the US and Canada.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to={paths.vehicleKeycodeRequest} className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
            Request a keycode
          </Link>
          <Link
            to={paths.pricing}
            className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:border-brand-600"
          >
            See pricing
          </Link>
        </div>
      </section>

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

      <section aria-labelledby="how-heading" className="bg-white px-4 py-16">
        <h2 id="how-heading" className="text-center text-3xl font-bold text-brand-900">
          How it works
        </h2>
        <ol className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-6">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white">{index + 1}</span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Availability" className="mx-auto mt-16 max-w-6xl rounded-xl bg-brand-900 px-6 py-8 text-center text-white">
        <p className="text-xl font-semibold">Available across the United States and Canada</p>
      </section>
    </>
  )
}
