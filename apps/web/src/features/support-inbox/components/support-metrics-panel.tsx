import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { SUPPORT_METRICS_DAYS } from '@keydesk/contracts/support-inbox'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { API_BASE, failureText } from '../../../lib/api-client.ts'
import { useSupportMetrics } from '../api/use-support-inbox.ts'

const share = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`)
const minutes = (value: number | null) => (value === null ? '–' : `${value} min`)

/** Per plan, over the measured window: how many conversations were answered within their promise, and how soon. */
export function SupportMetricsPanel() {
  const metrics = useSupportMetrics()
  return (
    <section aria-labelledby="support-metrics-heading" className="mt-8">
      <h2 id="support-metrics-heading" className="text-lg font-semibold">
        Promises kept, last {SUPPORT_METRICS_DAYS} days
      </h2>
      {metrics.isPending && <Spinner label="Loading the figures..." />}
      {metrics.isError && <Alert tone="error">{failureText(metrics.error, 'Error fetching the figures.')}</Alert>}
      {metrics.data && (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-3">
                  Conversations
                </th>
                <th scope="col" className="py-2 pr-3">
                  Within promise
                </th>
                <th scope="col" className="py-2">
                  Median first answer
                </th>
              </tr>
            </thead>
            <tbody>
              {metrics.data.plans.map((row) => (
                <tr key={row.plan} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {TIER_LABELS[row.plan]}
                  </th>
                  <td className="py-2 pr-3">{row.conversations}</td>
                  <td className="py-2 pr-3">{share(row.shareWithinPromise)}</td>
                  <td className="py-2">{minutes(row.medianFirstAnswerMinutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <a href={`${API_BASE}/admin/support/metrics.csv`} className="mt-2 inline-block font-semibold text-brand-700 underline">
        Download the figures (CSV)
      </a>
    </section>
  )
}
