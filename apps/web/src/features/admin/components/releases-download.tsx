import { zodResolver } from '@hookform/resolvers/zod'
import { ReleasesExportFormSchema } from '@keydesk/contracts/admin'
import { FILTER_FIRST_DAY, FILTER_LAST_DAY } from '@keydesk/contracts/days'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { API_BASE } from '../../../lib/api-client.ts'

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * "Download releases" (decision 013): every keycode released in a date range as CSV, for an audit. The browser
 * downloads it from the API with the admin's session cookie; nothing in it is a keycode or a PIN.
 */
export function ReleasesDownload() {
  const today = new Date()
  const form = useForm({
    resolver: zodResolver(ReleasesExportFormSchema),
    defaultValues: { from: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))), to: isoDay(today) },
  })
  const { errors } = form.formState
  // One line under both days says what is wrong with the range.
  const problem = errors.from?.message ?? errors.to?.message
  const fromId = useId()
  const toId = useId()
  const problemId = useId()

  const download = form.handleSubmit(({ from, to }) =>
    window.location.assign(`${API_BASE}/admin/releases.csv?${new URLSearchParams({ from, to })}`),
  )

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
            min={FILTER_FIRST_DAY}
            max={FILTER_LAST_DAY}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={errors.from ? problemId : undefined}
            className="rounded-md border border-slate-300 p-2"
            {...form.register('from')}
          />
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm font-medium">
            To
          </label>
          <input
            id={toId}
            type="date"
            min={FILTER_FIRST_DAY}
            max={FILTER_LAST_DAY}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? problemId : undefined}
            className="rounded-md border border-slate-300 p-2"
            {...form.register('to')}
          />
        </div>
        <Button type="submit">Download CSV</Button>
      </form>
      {problem && (
        <p id={problemId} role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  )
}
