import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { API_BASE } from '../../../lib/api-client.ts'

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * "Download releases" (decision 013): every keycode released in a date range as CSV, for an audit. The browser
 * downloads it from the API with the admin's session cookie; nothing in it is a keycode or a PIN.
 */
export function ReleasesDownload() {
  const today = new Date()
  const [from, setFrom] = useState(isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))))
  const [to, setTo] = useState(isoDay(today))
  const [problem, setProblem] = useState<string | null>(null)
  const fromId = useId()
  const toId = useId()

  function download(event: FormEvent) {
    event.preventDefault()
    if (!from || !to) return setProblem('Choose the first and the last day.')
    if (from > to) return setProblem('The first day must not be after the last day.')
    setProblem(null)
    window.location.assign(`${API_BASE}/admin/releases.csv?${new URLSearchParams({ from, to })}`)
  }

  return (
    <section aria-labelledby="releases-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="releases-heading" className="text-lg font-semibold">
        Download releases
      </h2>
      <p className="text-sm text-slate-600">Every keycode released between two days (UTC), with who released it and why, as CSV.</p>
      <form onSubmit={download} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fromId} className="block text-sm font-medium">
            From
          </label>
          <input
            id={fromId}
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className="rounded-md border border-slate-300 p-2"
          />
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm font-medium">
            To
          </label>
          <input
            id={toId}
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className="rounded-md border border-slate-300 p-2"
          />
        </div>
        <Button type="submit">Download CSV</Button>
      </form>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  )
}
