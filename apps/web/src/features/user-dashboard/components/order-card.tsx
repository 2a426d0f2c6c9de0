import { KEY_TYPE_LABELS } from '@keydesk/contracts/admin'
import { batchPlaceText } from '@keydesk/contracts/batch-place'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { formatDollars, toCents } from '@keydesk/contracts/money'
import type { ProblemReportView } from '@keydesk/contracts/problem-reports'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { paths, supportAboutOrder } from '../../../lib/paths.ts'
import { JobRecordButton } from '../../jobs/components/job-record-button.tsx'
import { RefundNotice } from '../../ordering/components/refund-notice.tsx'
import { MemberProblemReports } from '../../problem-reports/components/problem-reports-section.tsx'
import { EditRequestForm } from './edit-request-form.tsx'

const dueTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

type OrderCardProps = {
  request: VehicleRequestView
  /** The member's problem reports on this order, oldest first. */
  reports: ProblemReportView[]
  isTracked: boolean
  onTrack: () => void
  isEditing: boolean
  onEdit: () => void
  onEditDone: () => void
}

/**
 * One request on the dashboard. A request still in the cart is not yet an order, so it says how to submit it and
 * offers no tracking; a paid one carries what the member needs to follow it up: its confirmation number, what was
 * charged and when the code is due.
 */
export function OrderCard({ request, reports, isTracked, onTrack, isEditing, onEdit, onEditDone }: OrderCardProps) {
  const title = `${request.year} ${request.make.manufacturerName} ${request.model}`
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-semibold">{title}</p>
      <p className="font-mono text-sm text-slate-600">{request.vin}</p>
      {request.batch && <p className="text-sm text-slate-700">{batchPlaceText(request.batch)}</p>}
      {request.paid ? (
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
      ) : (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <strong>In cart: pay to submit</strong>{' '}
          <Link to={paths.cart} className="font-semibold text-brand-700 underline">
            Go to cart
          </Link>
        </p>
      )}
      {request.refund && <RefundNotice refund={request.refund} />}
      {request.keycode && (
        <p className="mt-2">
          Keycode: <strong className="font-mono">{request.keycode}</strong>
        </p>
      )}
      {request.pincode && (
        <p>
          PIN: <strong className="font-mono">{request.pincode}</strong>
        </p>
      )}
      {request.keycode && request.keyBlank && (
        <p>
          {KEY_TYPE_LABELS.keyBlank}: <strong className="font-mono">{request.keyBlank}</strong>
        </p>
      )}
      {request.keycode && request.transponder && (
        <p>
          {KEY_TYPE_LABELS.transponder}: <strong className="font-mono">{request.transponder}</strong>
        </p>
      )}
      <div className="mt-2 flex gap-3 text-sm">
        {request.frontId && (
          <a className="text-brand-600 hover:underline" href={request.frontId} target="_blank" rel="noopener noreferrer">
            {DOCUMENT_NAMES.frontId}
          </a>
        )}
        {request.backId && (
          <a className="text-brand-600 hover:underline" href={request.backId} target="_blank" rel="noopener noreferrer">
            {DOCUMENT_NAMES.backId}
          </a>
        )}
        {request.registration && (
          <a className="text-brand-600 hover:underline" href={request.registration} target="_blank" rel="noopener noreferrer">
            {DOCUMENT_NAMES.registration}
          </a>
        )}
      </div>
      {request.paid && request.status !== 'REFUNDED' && (
        <Button variant="link" className="mt-1" aria-pressed={isTracked} onClick={onTrack}>
          {isTracked ? 'Tracked above' : 'Track this order'}
        </Button>
      )}
      <JobRecordButton requestId={request.id} title={title} />
      {request.paid && (
        <p className="mt-1 text-sm">
          <Link to={supportAboutOrder(request.id)} className="font-semibold text-brand-700 underline">
            Ask support about this order
          </Link>
        </p>
      )}
      {request.paid && <MemberProblemReports vehicleRequestId={request.id} title={title} status={request.status} reports={reports} />}
      {/* A paid order's vehicle is frozen (the server refuses the change), so only a request still in the cart offers Edit. */}
      {request.status === 'PENDING' &&
        !request.paid &&
        (isEditing ? (
          <EditRequestForm request={request} onDone={onEditDone} />
        ) : (
          <Button variant="link" className="mt-2" onClick={onEdit}>
            Edit
          </Button>
        ))}
    </li>
  )
}
