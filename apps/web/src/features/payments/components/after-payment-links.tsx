import { Link } from 'react-router'
import { primaryLinkClass, secondaryLinkClass } from '../../../components/ui/link-styles.ts'
import { paths } from '../../../lib/paths.ts'

/** Where to go once the payment page has said its piece: the order paid for, another request, or home. */
export function AfterPaymentLinks({ orderRequestId }: { orderRequestId?: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      {orderRequestId && (
        <Link to={`${paths.userDash}?order=${encodeURIComponent(orderRequestId)}`} className={primaryLinkClass}>
          View your order
        </Link>
      )}
      <Link to={paths.vehicleKeycodeRequest} className={primaryLinkClass}>
        Request another keycode
      </Link>
      <Link to={paths.home} className={secondaryLinkClass}>
        Go home
      </Link>
    </div>
  )
}
