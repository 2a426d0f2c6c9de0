import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { BackToCartLinks } from '../components/back-to-cart-links.tsx'
import { SupportContactLine } from '../components/support-contact-line.tsx'

/** docs/product.md, 'Checkout and payment', payment cancelled: nothing was charged and the cart is as it was. */
export function PaymentCancelPage() {
  return (
    <PageFrame title="Payment Cancelled" width="narrow">
      <div className="space-y-6">
        <div className="space-y-2 text-slate-700">
          <p>Your payment was cancelled. No charges were made.</p>
          <p>Your cart items remain in your cart, so you can check out whenever you are ready.</p>
        </div>
        <BackToCartLinks />
        <SupportContactLine withPhone />
      </div>
    </PageFrame>
  )
}
