import { Link } from 'react-router'
import { primaryLinkClass, secondaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'
import { SupportContactLine } from '../components/support-contact-line.tsx'

/** docs/product.md §4 "Payment cancelled": nothing was charged and the cart is as it was. */
export function PaymentCancelPage() {
  return (
    <PageFrame title="Payment Cancelled" width="narrow">
      <div className="space-y-6">
        <div className="space-y-2 text-slate-700">
          <p>Your payment was cancelled. No charges were made.</p>
          <p>Your cart items remain in your cart, so you can check out whenever you are ready.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.cart} className={primaryLinkClass}>
            Return to cart
          </Link>
          <Link to={paths.home} className={secondaryLinkClass}>
            Go home
          </Link>
        </div>
        <SupportContactLine withPhone />
      </div>
    </PageFrame>
  )
}
