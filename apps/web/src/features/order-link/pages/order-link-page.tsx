import { KEY_TYPE_LABELS } from '@keydesk/contracts/admin'
import { ORDER_LINK_MESSAGES, type OrderLinkView } from '@keydesk/contracts/order-link'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import { Link, useLocation } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { secondaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { RefundNotice } from '../../ordering/components/refund-notice.tsx'
import { ProblemReportsSection } from '../../problem-reports/components/problem-reports-section.tsx'
import { useOrderLink } from '../api/use-order-link.ts'
import { useReportProblemFromLink } from '../api/use-report-problem-from-link.ts'

/** The token is the address's fragment (#…), which the browser never sends to a server. */
function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim()
  return token === '' ? null : token
}

function Code({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 break-all font-mono text-2xl font-bold tracking-wider text-slate-900">{value}</dd>
    </div>
  )
}

function OrderDetails({ order, token }: { order: OrderLinkView; token: string }) {
  const report = useReportProblemFromLink(token)
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Vehicle</dt>
          <dd className="font-semibold">
            {order.year} {order.make} {order.model}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">VIN ending</dt>
          <dd className="font-mono font-semibold">{order.vinLast4}</dd>
        </div>
        {order.confirmationNumber && (
          <div>
            <dt className="text-sm text-slate-600">Order</dt>
            <dd className="font-semibold">{order.confirmationNumber}</dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-slate-600">Status</dt>
          <dd className="font-semibold">{REQUEST_STATUS_LABELS[order.status]}</dd>
        </div>
      </dl>
      {order.keycode ? (
        <section aria-labelledby="keycode-heading" className="space-y-3">
          <h2 id="keycode-heading" className="text-xl font-semibold">
            Your keycode
          </h2>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Code label="Keycode" value={order.keycode} />
            {order.pincode && <Code label="PIN" value={order.pincode} />}
            {order.keyBlank && <Code label={KEY_TYPE_LABELS.keyBlank} value={order.keyBlank} />}
            {order.transponder && <Code label={KEY_TYPE_LABELS.transponder} value={order.transponder} />}
          </dl>
          <p className="text-sm text-slate-600">Keep this code private: it lets anyone cut a working key for this vehicle.</p>
        </section>
      ) : order.refund ? (
        <RefundNotice refund={order.refund} />
      ) : (
        <Alert tone="info">Your keycode is not ready yet. We will e-mail you as soon as it is.</Alert>
      )}
      <section aria-labelledby="problems-heading">
        <h2 id="problems-heading" className="text-xl font-semibold">
          Something wrong with this order?
        </h2>
        <ProblemReportsSection
          title={`${order.year} ${order.make} ${order.model}`}
          status={order.status}
          reports={order.problemReports}
          report={report}
        />
      </section>
      <p className="text-sm text-slate-600">
        This link works until {new Date(order.linkExpiresAt).toLocaleDateString()} and shows this order only.
      </p>
    </div>
  )
}

/** A guest's order, opened from the link in their keycode mail (decision 013). It signs nobody in. */
export function OrderLinkPage() {
  const token = tokenFromHash(useLocation().hash)
  const order = useOrderLink(token)

  return (
    <PageFrame title="Your order" width="narrow">
      {token === null && <Alert tone="error">{ORDER_LINK_MESSAGES.invalid}</Alert>}
      {order.isPending && token !== null && <Spinner label="Loading your order..." />}
      {order.isError && (
        <Alert tone="error">
          {order.error instanceof ApiError && order.error.status >= 400 && order.error.status < 500
            ? ORDER_LINK_MESSAGES.invalid
            : ORDER_LINK_MESSAGES.loadFailed}
          {!(order.error instanceof ApiError && order.error.status < 500 && order.error.status >= 400) && (
            <Button variant="link" onClick={() => order.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      {order.data && token !== null && <OrderDetails order={order.data} token={token} />}
      <div className="mt-8">
        <Link to={paths.support} className={secondaryLinkClass}>
          Contact support
        </Link>
      </div>
    </PageFrame>
  )
}
