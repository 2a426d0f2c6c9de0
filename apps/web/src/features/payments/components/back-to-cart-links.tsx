import { Link } from 'react-router'
import { primaryLinkClass, secondaryLinkClass } from '../../../components/ui/link-styles.ts'
import { paths } from '../../../lib/paths.ts'

/** The way out of a payment that did not go through: back to the cart as it was, or home. */
export function BackToCartLinks() {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={paths.cart} className={primaryLinkClass}>
        Return to cart
      </Link>
      <Link to={paths.home} className={secondaryLinkClass}>
        Go home
      </Link>
    </div>
  )
}
