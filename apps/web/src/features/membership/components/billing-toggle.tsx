import { annualSaving } from '@keydesk/contracts/plan-prices'
import { ANNUAL_SAVINGS_LABEL, ANNUAL_SAVINGS_PERCENT } from '@keydesk/contracts/subscription'
import { type Billing, PAID_TIERS, planName } from '../plans.ts'

/**
 * docs/product.md, 'Screens and routes (web)': the 'Save 20%' label, kept where it is true: each annual plan's first year against twelve monthly
 * payments, from the prices the checkout charges; the label names the plans it holds for.
 */
function annualSavingsLabel() {
  const holding = PAID_TIERS.filter((tier) => (annualSaving(tier)?.percent ?? 0) >= ANNUAL_SAVINGS_PERCENT).map(planName)
  return holding.length > 0 ? `${ANNUAL_SAVINGS_LABEL} or more with ${holding.join(' and ')}` : 'Annual billing'
}

/** Monthly or annual prices on the plan cards, with what annual billing saves. */
export function BillingToggle({ billing, onChange }: { billing: Billing; onChange: (billing: Billing) => void }) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Billing</legend>
      {(['monthly', 'annual'] as const).map((option) => (
        <label
          key={option}
          className={`cursor-pointer rounded-full border px-4 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${billing === option ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'}`}
        >
          <input
            type="radio"
            name="billing"
            value={option}
            checked={billing === option}
            onChange={() => onChange(option)}
            className="sr-only"
          />
          {option === 'monthly' ? 'Monthly' : 'Annual'}
        </label>
      ))}
      <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">{annualSavingsLabel()}</span>
    </fieldset>
  )
}
