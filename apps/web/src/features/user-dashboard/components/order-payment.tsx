import { formatDollars, toCents } from '@keydesk/contracts/money'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

const dueTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A paid order's confirmation number, price paid and code deadline; a request still in the cart, how to submit it. */
export function OrderPayment({ request }: { request: VehicleRequestView }) {
  if (!request.paid) {
    return (
      <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <strong>In cart: pay to submit</strong>{' '}
        <Link to={paths.cart} className="font-semibold text-brand-700 underline">
          Go to cart
        </Link>
      </p>
    )
  }
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
      {request.confirmationNumber && (
        <>
          <dt className="text-slate-600">Confirmation number</dt>
          <dd className="font-mono font-semibold">{request.confirmationNumber}</dd>
        </>
      )}
      <dt className="text-slate-600">Price paid</dt>
      <dd>{formatDollars(toCents(request.price))}</dd>
      {/* Once the code is delivered or the order refunded, the deadline it was promised by says nothing more. */}
      {request.dueAt && !request.keycode && !request.refund && (
        <>
          <dt className="text-slate-600">Code due by</dt>
          <dd>
            <time dateTime={request.dueAt}>{dueTime(request.dueAt)}</time>
          </dd>
        </>
      )}
    </dl>
  )
}
