import { CART_MESSAGES } from '@keydesk/contracts/cart'
import { cartLinesCents, cartTotal, lineChargesCents } from '@keydesk/contracts/cart-total'
import { UNPAID_REQUEST_KEEP_DAYS } from '@keydesk/contracts/limits'
import { CURRENCY_NOTE, formatDollars } from '@keydesk/contracts/money'
import { TIER_LABELS } from '@keydesk/contracts/subscription'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { readGuestInfo } from '../../../lib/guest-info.ts'
import { paths } from '../../../lib/paths.ts'
import { useTrialAccess } from '../../membership/api/use-trial-status.ts'
import { useSession } from '../../session/use-session.ts'
import { useCartItems, useRemoveCartItem } from '../api/use-cart.ts'
import { cartItemLabel } from '../cart-item-label.ts'
import { CartPlanCards } from '../components/cart-plan-cards.tsx'
import { CheckoutPanel } from '../components/checkout-panel.tsx'

const dollars = (amount: number) => formatDollars(Math.round(amount * 100))

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

/** docs/product.md, 'Cart': items, subscription status and the order summary; guests see the cart of their guest id. */
export function CartPage() {
  const session = useSession()
  const guest = session.status === 'signed-out' ? readGuestInfo() : null
  const owner = session.status === 'signed-in' ? ({ signedIn: true } as const) : guest ? { guestUserId: guest.guestUserId } : null
  const cart = useCartItems(owner)
  const remove = useRemoveCartItem(guest?.guestUserId ?? null)
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [isCheckoutOpen, setIsCheckoutOpen] = useState(false)
  const access = useTrialAccess()
  const paidTier = session.user?.subscription.tier ?? 'NONE'
  // Priced as the server charges: the paid tier, else the running trial's tier (docs/product.md, 'Plans, trial, the premium rule and turnaround promises').
  const tier = access.pricingTier
  const items = cart.data ?? []
  // The server decides each line's discount (Basic: one keycode a month, covered makes only); the total follows it.
  const summary = cartTotal(items, tier)
  // Each line shows what it will charge, by the function the checkout records its lines with.
  const lines = cartLinesCents(items)
  const charges = lineChargesCents(lines, tier)
  const keycodeRates = new Set(
    items.filter((item) => item.kind === 'KEYCODE').map((item) => item.discountPercent ?? summary.discountPercent),
  )
  const discountLabel =
    keycodeRates.size === 1 && summary.discountPercent > 0 ? `Member discount (${summary.discountPercent}%)` : 'Member discount'

  const onRemove = (itemId: string) =>
    remove.mutate(itemId, {
      onSuccess: () => setMessage({ tone: 'success', text: CART_MESSAGES.removed }),
      onError: () => setMessage({ tone: 'error', text: CART_MESSAGES.removeFailed }),
    })

  if (session.status === 'loading' || (owner && cart.isPending) || access.isLoading) {
    return (
      <PageFrame title="Cart">
        <Spinner />
      </PageFrame>
    )
  }

  return (
    <PageFrame title="Cart">
      <Dialog isOpen={isCheckoutOpen} title="Checkout" onClose={() => setIsCheckoutOpen(false)}>
        <CheckoutPanel items={items} total={summary.total} charges={charges} guestUserId={guest?.guestUserId ?? null} />
      </Dialog>
      {message && <Toast message={message.text} tone={message.tone} onClose={() => setMessage(null)} />}
      {cart.isError && <Alert tone="error">{CART_MESSAGES.fetchFailed}</Alert>}
      {!cart.isError && items.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-700">Your cart is empty.</p>
          <Link to={paths.vehicleKeycodeRequest} className="mt-4 inline-block font-semibold text-brand-600 hover:underline">
            Request a keycode
          </Link>
        </div>
      )}
      {items.length > 0 && session.status === 'signed-in' && (
        <p className="mb-4 text-sm text-slate-600">{CART_MESSAGES.unpaidKept(UNPAID_REQUEST_KEEP_DAYS)}</p>
      )}
      {items.length > 0 && (
        <div className="grid gap-8 md:grid-cols-3">
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
                    disabled={remove.isPending}
                    aria-label={`Remove ${cartItemLabel(item)}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <section aria-labelledby="summary-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 id="summary-heading" className="text-lg font-semibold">
              Order summary
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Subscription: {tier === 'NONE' ? 'none' : paidTier === 'NONE' ? `${TIER_LABELS[tier]} (free trial)` : TIER_LABELS[tier]}
            </p>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd>{dollars(summary.subtotal)}</dd>
              </div>
              {summary.discount > 0 && (
                <div className="flex justify-between">
                  <dt>{discountLabel}</dt>
                  <dd>−{dollars(summary.discount)}</dd>
                </div>
              )}
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd>{dollars(summary.total)}</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-600">{CURRENCY_NOTE}</p>
            <Button className="mt-6 w-full" onClick={() => setIsCheckoutOpen(true)}>
              Checkout
            </Button>
          </section>
        </div>
      )}
      {session.status === 'signed-in' && (
        <CartPlanCards
          currentTier={paidTier}
          planInCart={items.find((item) => item.kind === 'SUBSCRIPTION')?.subscriptionTier ?? null}
          onMessage={(tone, text) => setMessage({ tone, text })}
        />
      )}
    </PageFrame>
  )
}
