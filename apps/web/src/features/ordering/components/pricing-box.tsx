import { cartTotalCents } from '@keydesk/contracts/cart-total'
import { ASK_FOR_PRICING, type CatalogueMake } from '@keydesk/contracts/catalogue'
import { BASIC_COVERED_MAKES_TEXT, type PriceHolder, priceKeycodeLines, priceNoteOf } from '@keydesk/contracts/keycode-prices'
import { formatDollars } from '@keydesk/contracts/money'
import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'

const toCents = (dollars: number) => Math.round(dollars * 100)

/**
 * The request page's price (docs/product.md, "Prices"): what this buyer would pay for the chosen make, by the same rule
 * the cart and the checkout charge with (keycode-prices.ts), and the rule that made it. Guests and buyers without a
 * plan also see what members pay.
 */
export function PricingBox({ make, holder }: { make: CatalogueMake | undefined; holder: PriceHolder | null }) {
  if (!make) return <p className="text-sm text-slate-600">Choose a make to see its price.</p>
  if (!holder) return <p className="text-sm text-slate-600">Working out your price…</p>
  const [line] = priceKeycodeLines(
    [{ make: make.name, baseCents: toCents(make.basePrice), memberCents: toCents(make.memberPrice), requiresPin: make.requiresPin }],
    holder,
  )
  if (!line) return null
  const { totalCents } = cartTotalCents([{ cents: line.amountCents, discountPercent: line.discountPercent }], holder.tier)
  const member = make.memberPrice > 0 ? `$${make.memberPrice}` : ASK_FOR_PRICING
  return (
    <section aria-label="Price" className="rounded-lg border border-brand-600/30 bg-brand-50 p-4">
      <p className="text-lg font-semibold">
        {make.name} keycode: {formatDollars(totalCents)}
      </p>
      <p className="text-sm text-slate-700">{priceNoteOf(line, holder)}</p>
      {holder.tier === 'NONE' && (
        <p className="mt-1 text-sm text-slate-700">
          Members pay {member}
          {make.requiresPin ? ', PIN included' : ''}. {TIER_LABELS.BASIC} covers {BASIC_COVERED_MAKES_TEXT}.
        </p>
      )}
      {make.pricingNote && <p className="mt-1 text-sm text-slate-700">{make.pricingNote}</p>}
    </section>
  )
}
