import type { CartItem } from '@keydesk/contracts/cart'
import type { CartLineCents } from '@keydesk/contracts/cart-total'
import { formatDollars } from '@keydesk/contracts/money'
import { Button } from '../../../components/ui/button.tsx'
import { cartItemLabel } from '../cart-item-label.ts'

/** A line's charge, and the price before its discount where the discount lowers it. */
function LinePrice({ beforeCents, chargeCents }: { beforeCents: number; chargeCents: number }) {
  return (
    <span className="text-right">
      {chargeCents < beforeCents && (
        <s className="block text-sm text-slate-500">
          <span className="sr-only">Before discount </span>
          {formatDollars(beforeCents)}
        </s>
      )}
      <span className="font-semibold">{formatDollars(chargeCents)}</span>
    </span>
  )
}

export interface CartLinesProps {
  items: CartItem[]
  /** Each line's price and what it will charge, in the items' order. */
  lines: CartLineCents[]
  charges: number[]
  isRemoving: boolean
  onRemove: (itemId: string) => void
}

/** The cart's items, each with what it will charge and a way to remove it. */
export function CartLines({ items, lines, charges, isRemoving, onRemove }: CartLinesProps) {
  return (
    <ul className="space-y-3 md:col-span-2">
      {items.map((item, index) => (
        <li key={item.id} className="flex items-center justify-between rounded-lg border border-slate-200 bg-white p-4">
          <div>
            <p className="font-semibold">{cartItemLabel(item)}</p>
            {item.batch && <p className="text-sm text-slate-600">{item.batch}</p>}
            {item.vinLast4 && <p className="text-sm text-slate-600">VIN ending {item.vinLast4}</p>}
            {item.priceNote && <p className="text-sm text-slate-600">{item.priceNote}</p>}
          </div>
          <div className="flex items-center gap-4">
            <LinePrice beforeCents={lines[index]?.cents ?? 0} chargeCents={charges[index] ?? 0} />
            <Button
              variant="secondary"
              onClick={() => onRemove(item.id)}
              disabled={isRemoving}
              aria-label={`Remove ${cartItemLabel(item)}`}
            >
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ul>
  )
}
