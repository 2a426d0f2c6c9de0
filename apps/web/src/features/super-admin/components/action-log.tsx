import { zodResolver } from '@hookform/resolvers/zod'
import { ACTION_KIND_LABELS, type ActionLogEntry, type ActionLogFilter, ActionLogFilterSchema } from '@keydesk/contracts/action-log'
import { FILTER_FIRST_DAY, FILTER_LAST_DAY } from '@keydesk/contracts/days'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { actionLogCsvAddress, useActionLog, useActionLogActors } from '../api/use-action-log.ts'

const KIND_OPTIONS = Object.entries(ACTION_KIND_LABELS).map(([value, label]) => ({ value, label }))
const NO_FILTER: ActionLogFilter = {}

/** Where an entry leads: the order on the admin dashboard (by its confirmation number), the member in the users' list, or the admin in the super admin's lists. */
function linkTarget(link: NonNullable<ActionLogEntry['link']>): string {
  const base = { order: paths.admin, user: paths.registeredUsers, admin: paths.superAdmin }[link.kind]
  return `${base}?${new URLSearchParams({ search: link.search })}`
}

/** Entries as sentences, each with its time, its kind and a link to the order or user it is about. */
export function ActionLogEntries({ entries }: { entries: ActionLogEntry[] }) {
  return (
    <ol className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-baseline sm:gap-3">
          <time dateTime={entry.createdAt} className="shrink-0 text-slate-700 sm:w-44">
            {new Date(entry.createdAt).toLocaleString()}
          </time>
          <span className="shrink-0 self-start rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
            {entry.kindLabel}
          </span>
          <span className="min-w-0 flex-1 break-words">
            {entry.text}
            {entry.link && (
              <>
                {' · '}
                <Link className="text-brand-700 underline" to={linkTarget(entry.link)}>
                  {`Open ${entry.link.kind} ${entry.link.label}`}
                </Link>
              </>
            )}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** The filters: kind, actor and days (UTC); applied on submit, so a half-typed day never runs a query. */
function ActionLogFilters({ value, onChange }: { value: ActionLogFilter; onChange: (filter: ActionLogFilter) => void }) {
  const actors = useActionLogActors()
  const form = useForm({
    resolver: zodResolver(ActionLogFilterSchema),
    defaultValues: { kind: value.kind ?? '', actorId: value.actorId ?? '', from: value.from ?? '', to: value.to ?? '' },
  })
  const { errors } = form.formState
  const actorOptions = (actors.data ?? []).map((actor) => ({ value: actor.id, label: `${actor.name} (${actor.email})` }))

  return (
    <form
      aria-label="Filter the action log"
      noValidate
      onSubmit={form.handleSubmit((filter) => onChange(filter))}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      <SelectField label="Kind" placeholder="All kinds" options={KIND_OPTIONS} error={errors.kind?.message} {...form.register('kind')} />
      <SelectField
        label="Actor"
        placeholder="Anyone"
        options={actorOptions}
        error={errors.actorId?.message}
        {...form.register('actorId')}
      />
      <TextField
        label="From (UTC day)"
        type="date"
        min={FILTER_FIRST_DAY}
        max={FILTER_LAST_DAY}
        error={errors.from?.message}
        {...form.register('from')}
      />
      <TextField
        label="To (UTC day)"
        type="date"
        min={FILTER_FIRST_DAY}
        max={FILTER_LAST_DAY}
        error={errors.to?.message}
        {...form.register('to')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset({ kind: '', actorId: '', from: '', to: '' })
            onChange(NO_FILTER)
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  )
}

/**
 * The action log as people read it (docs/product.md, 'Super admin'): who did what to which order or user, filtered by kind, actor
 * and day, paged newest first and exported as CSV with the same filters. The log itself stays append-only.
 */
export function ActionLog({ pageSize = 50, showFilters = true }: { pageSize?: number; showFilters?: boolean }) {
  const [filter, setFilter] = useState<ActionLogFilter>(NO_FILTER)
  const log = useActionLog(filter, pageSize)
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []

  return (
    <div>
      {showFilters && <ActionLogFilters value={filter} onChange={setFilter} />}
      {showFilters && (
        <p className="mt-3 text-sm">
          <a className="text-brand-700 underline" href={actionLogCsvAddress(filter)}>
            Export these entries as CSV
          </a>
        </p>
      )}
      {log.isPending && <Spinner label="Loading the action log..." />}
      {log.isError && <Alert tone="error">{log.error.message}</Alert>}
      {log.isSuccess && entries.length === 0 && <p className="mt-3 text-slate-700">No entries match.</p>}
      {entries.length > 0 && <ActionLogEntries entries={entries} />}
      {showFilters && log.hasNextPage && (
        <Button className="mt-3" variant="secondary" isBusy={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
          Show older entries
        </Button>
      )}
    </div>
  )
}
