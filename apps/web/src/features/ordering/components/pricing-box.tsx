import { ASK_FOR_PRICING, type CatalogueMake } from '@keydesk/contracts/catalogue'

/** docs/product.md §4 pricing box; for guests the member price is only a teaser (they pay the non-member price). */
export function PricingBox({ make, isGuest }: { make: CatalogueMake | undefined; isGuest: boolean }) {
  if (!make) return <p className="text-sm text-slate-600">Choose a make to see its price.</p>
  const member = make.memberPrice > 0 ? `$${make.memberPrice}` : ASK_FOR_PRICING
  return (
    <section aria-label="Price" className="rounded-lg border border-brand-600/30 bg-brand-50 p-4">
      <p className="text-lg font-semibold">
        {make.name} keycode: ${make.basePrice}
      </p>
      <p className="text-sm text-slate-700">
        {isGuest ? `Members pay ${member}. Sign up to save on every order.` : `Member price: ${member}`}
      </p>
      {make.requiresPin && <p className="mt-1 text-sm text-slate-700">Key + PIN: the PIN is included for members, +$20 for non-members.</p>}
      {make.pricingNote && <p className="mt-1 text-sm text-slate-700">{make.pricingNote}</p>}
    </section>
  )
}
