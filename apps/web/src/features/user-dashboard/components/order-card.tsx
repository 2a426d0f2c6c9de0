import { batchPlaceText } from '@keydesk/contracts/batch-place'
import type { ProblemReportView } from '@keydesk/contracts/problem-reports'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { supportAboutOrder } from '../../../lib/paths.ts'
import { JobRecordButton } from '../../jobs/components/job-record-button.tsx'
import { RefundNotice } from '../../ordering/components/refund-notice.tsx'
import { MemberProblemReports } from '../../problem-reports/components/problem-reports-section.tsx'
import { EditRequestForm } from './edit-request-form.tsx'
import { OrderDocuments } from './order-documents.tsx'
import { OrderPayment } from './order-payment.tsx'
import { ReleasedCodes } from './released-codes.tsx'

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
      <OrderPayment request={request} />
      {request.refund && <RefundNotice refund={request.refund} />}
      <ReleasedCodes request={request} />
      <OrderDocuments request={request} />
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
