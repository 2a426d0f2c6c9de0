import type { CartItem } from '@keydesk/contracts/cart'
import { unitPrice } from '@keydesk/contracts/cart-total'
import { formatDollars } from '@keydesk/contracts/money'
import { PAYMENT_MESSAGES } from '@keydesk/contracts/payments'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { cartKeys } from '../../../lib/cart-keys.ts'
import { paths } from '../../../lib/paths.ts'
import { useCreateCheckoutSession } from '../api/use-create-checkout-session.ts'
import { cartItemLabel } from '../cart-item-label.ts'

export interface CheckoutPanelProps {
  items: CartItem[]
  /** The order total in dollars, priced as the server prices it. */
  total: number
  /** What each item will charge, in cents, in the items' order (lineChargesCents, as the checkout records its lines). */
  charges: number[]
  /** A guest pays for the cart of their guest identifier. */
  guestUserId: string | null
}

/**
 * docs/product.md, 'Checkout and payment': the checkout modal's content, the last look before paying: each line with what
 * it will charge, the total, where the card is taken and the refund terms. "Pay securely" creates a checkout session
 * for the amount in cents and sends the browser to the payment provider's hosted page.
 */
export function CheckoutPanel({ items, total, charges, guestUserId }: CheckoutPanelProps) {
  const queryClient = useQueryClient()
  const checkout = useCreateCheckoutSession()
  const [error, setError] = useState<string | null>(null)
  const [isRedirecting, setIsRedirecting] = useState(false)
  const amountCents = Math.round(total * 100)

  const onPay = () => {
    setError(null)
    const origin = window.location.origin
    checkout.mutate(
      {
        amount: amountCents,
        items: items.map((item) => ({ id: item.id, name: cartItemLabel(item).slice(0, 200), price: unitPrice(item) })),
        success_url: `${origin}${paths.paymentSuccess}`,
        cancel_url: `${origin}${paths.paymentCancel}`,
        ...(guestUserId ? { guestUserId } : {}),
      },
      {
        onSuccess: (answer) => {
          if (!answer.url) {
            setError(PAYMENT_MESSAGES.noUrl)
            return
          }
          setIsRedirecting(true)
          window.location.assign(answer.url)
        },
        onError: (failure) => {
          // 409: the cart changed on the server; show its reason and reload the cart so the total is current.
          if (failure instanceof ApiError && failure.status === 409) {
            setError(failure.message)
            void queryClient.invalidateQueries({ queryKey: cartKeys.all })
          } else setError(PAYMENT_MESSAGES.createFailed)
        },
      },
    )
  }

  const isWorking = checkout.isPending || isRedirecting
  return (
    <div className="space-y-4">
      <ul aria-label="You are paying for" className="space-y-1 text-sm text-slate-800">
        {items.map((item, index) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span>{cartItemLabel(item)}</span>
            <span className="whitespace-nowrap">{formatDollars(charges[index] ?? 0)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex items-baseline justify-between border-b border-slate-200 pb-3">
        <dt className="text-sm text-slate-700">
          Order total ({items.length} item{items.length === 1 ? '' : 's'})
        </dt>
        <dd className="text-2xl font-bold text-brand-900">{formatDollars(amountCents)}</dd>
      </dl>
      <p className="text-sm text-slate-600">
        You will pay by card on our payment provider's secure page and come back here when it is done. We never see your card number.
        Refunds follow our{' '}
        <Link to={paths.refundPolicy} className="font-semibold text-brand-600 underline">
          Refund Policy
        </Link>
        .
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <Button className="w-full" onClick={onPay} isBusy={isWorking} disabled={items.length === 0}>
        {isWorking ? 'Redirecting to payment...' : 'Pay securely'}
      </Button>
    </div>
  )
}
