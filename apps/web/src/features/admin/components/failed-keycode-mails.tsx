import { useFailedKeycodeMails } from '../api/use-admin-queue.ts'

/** Keycode mails that failed for good (decision 013): the order stays fulfilled, the buyer must be reached. */
export function FailedKeycodeMails() {
  const failed = useFailedKeycodeMails()
  if (!failed.data || failed.data.length === 0) return null
  return (
    <section aria-labelledby="failed-mails-heading" className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4">
      <h2 id="failed-mails-heading" className="text-lg font-semibold text-red-900">
        Keycode e-mails that could not be delivered
      </h2>
      <p className="text-sm text-red-900">The orders are fulfilled, but these buyers did not get their mail. Contact them another way.</p>
      <ul className="mt-2 space-y-2 text-sm">
        {failed.data.map((mail) => (
          <li key={mail.vehicleRequestId} className="rounded border border-red-200 bg-white p-2">
            <span className="font-semibold">{mail.vehicle}</span> · {mail.to} · failed {new Date(mail.failedAt).toLocaleString()}
            {mail.lastError && <span className="block text-slate-600">{mail.lastError}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
