import { basicMakeNote } from '@keydesk/contracts/plan-benefits'
import type { ManufacturerPricing } from '@keydesk/contracts/pricing'
import { DEFAULT_PIN_CODE_NOTE, shownMemberPrice } from '@keydesk/contracts/pricing-constants'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

const dollars = (amount: number) => `$${amount}`

/** One manufacturer card of docs/product.md, 'Screens and routes (web)'. */
export function PricingCard({ entry }: { entry: ManufacturerPricing }) {
  const headingId = `pricing-${entry.name.toLowerCase().replace(/\W+/g, '-')}`
  const memberPrice = shownMemberPrice(entry)
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
        >
          {entry.name.charAt(0)}
        </span>
        <h2 id={headingId} className="text-xl font-semibold">
          {entry.name}
        </h2>
      </div>
      <p className="mt-2 text-sm text-slate-600">{entry.description}</p>
      <dl className="mt-4 grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">Non-Member</dt>
          <dd className="text-2xl font-bold">{dollars(entry.nonMemberPrice)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">Member Price</dt>
          <dd className="text-2xl font-bold text-brand-700">{memberPrice === null ? 'Ask' : dollars(memberPrice)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm font-medium text-slate-700">{entry.pinCodeNote ?? DEFAULT_PIN_CODE_NOTE}</p>
      <p className="mt-1 text-sm text-slate-600">{basicMakeNote(entry.name, dollars(entry.nonMemberPrice))}</p>
      <p className="mt-3 text-sm">
        <span className="font-semibold">Popular models:</span> {entry.popularModels.join(', ')}
      </p>
      <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
        {entry.features.map((feature) => (
          <li key={feature}>✓ {feature}</li>
        ))}
      </ul>
      <Link
        to={paths.vehicleKeycodeRequest}
        className="mt-5 rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700"
      >
        Get {entry.name} Keycode
      </Link>
    </article>
  )
}
