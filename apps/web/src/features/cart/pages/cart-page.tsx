import { CART_MESSAGES } from '@keydesk/contracts/cart'
import { cartLinesCents, cartTotal, lineChargesCents } from '@keydesk/contracts/cart-total'
import { UNPAID_REQUEST_KEEP_DAYS } from '@keydesk/contracts/limits'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { readGuestInfo } from '../../../lib/guest-info.ts'
import { paths } from '../../../lib/paths.ts'
import { useTrialAccess } from '../../membership/api/use-trial-status.ts'
import { useSession } from '../../session/use-session.ts'
import { useCartItems, useRemoveCartItem } from '../api/use-cart.ts'
import { CartLines } from '../components/cart-lines.tsx'
import { CartPlanCards } from '../components/cart-plan-cards.tsx'
import { CheckoutPanel } from '../components/checkout-panel.tsx'
import { OrderSummary } from '../components/order-summary.tsx'

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
          <CartLines items={items} lines={lines} charges={charges} isRemoving={remove.isPending} onRemove={onRemove} />
          <OrderSummary items={items} summary={summary} tier={tier} paidTier={paidTier} onCheckout={() => setIsCheckoutOpen(true)} />
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
