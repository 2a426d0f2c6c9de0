import { ANNUAL_SAVINGS_LABEL } from '@keydesk/contracts/subscription'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { formatDollars } from '../../../lib/money.ts'
import { useSession } from '../../session/use-session.ts'
import { type Billing, PLAN_CARDS } from '../plans.ts'

const faq = [
  {
    question: 'Can I cancel at any time?',
    answer: 'Yes. Cancellation takes effect at the end of the current period; monthly plans are not refunded in part.',
  },
  {
    question: 'How do annual refunds work?',
    answer: 'Annual plans are refunded by unused months, less a $5 processing fee, with a minimum refund of $10.',
  },
  { question: 'Is there a free trial?', answer: 'Yes: 3 days of premium access, free, with no automatic charge.' },
  { question: 'Which discounts apply?', answer: 'Basic 15%, Professional 20% and Enterprise 25% off keycode prices in your cart.' },
]

/** Spec 2.5 "Membership" at /membership, /subscriptions and /subscription. */
export function MembershipPage() {
  const session = useSession()
  const navigate = useNavigate()
  const [billing, setBilling] = useState<Billing>('monthly')
  const isSignedIn = session.status === 'signed-in'

  return (
    <PageFrame title="Membership" description="Save on every keycode with a membership plan.">
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">Billing</legend>
        {(['monthly', 'annual'] as const).map((option) => (
          <label
            key={option}
            className={`cursor-pointer rounded-full border px-4 py-2 text-sm font-medium ${billing === option ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'}`}
          >
            <input
              type="radio"
              name="billing"
              value={option}
              checked={billing === option}
              onChange={() => setBilling(option)}
              className="sr-only"
            />
            {option === 'monthly' ? 'Monthly' : 'Annual'}
          </label>
        ))}
        <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">{ANNUAL_SAVINGS_LABEL}</span>
      </fieldset>

      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {PLAN_CARDS.map((plan) => {
          const price = plan.priceCents(billing)
          const setupFee = plan.setupFeeCents(billing)
          return (
            <li key={plan.tier} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
              <h2 className="text-xl font-semibold">{plan.name}</h2>
              <p className="mt-2 text-3xl font-bold">
                {price === null ? 'Contact us' : formatDollars(price)}
                {price !== null && price > 0 && (
                  <span className="text-base font-normal text-slate-500">/{billing === 'monthly' ? 'month' : 'year'}</span>
                )}
              </p>
              {setupFee > 0 && price !== null && plan.tier !== 'NONE' && (
                <p className="text-sm text-slate-600">+ {formatDollars(setupFee)} setup fee</p>
              )}
              <ul className="mt-4 flex-1 space-y-1 text-sm text-slate-700">
                {plan.benefits.map((benefit) => (
                  <li key={benefit}>✓ {benefit}</li>
                ))}
              </ul>
              {plan.tier !== 'NONE' && (
                <Button
                  className="mt-6"
                  disabled={isSignedIn}
                  aria-describedby={isSignedIn ? 'plan-note' : undefined}
                  onClick={() => navigate(`${paths.login}?redirect=${encodeURIComponent(paths.membership)}`)}
                >
                  Choose {plan.name}
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      {isSignedIn && (
        <p id="plan-note" className="mt-4 text-sm text-slate-600">
          Subscribing online opens together with card payment; until then, contact support to join a plan.
        </p>
      )}

      <section aria-labelledby="membership-faq" className="mt-12">
        <h2 id="membership-faq" className="text-2xl font-bold text-brand-900">
          Frequently asked questions
        </h2>
        <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {faq.map((item) => (
            <details key={item.question} className="p-4">
              <summary className="cursor-pointer font-semibold">{item.question}</summary>
              <p className="mt-2 text-sm text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </PageFrame>
  )
}
