import { formatDollars } from '@keydesk/contracts/money'
import { REQUEST_STATUS_LABELS, type RequestStatus, RequestStatusSchema } from '@keydesk/contracts/request-status'
import type { TeamMembership, TeamOrder, TeamPerson } from '@keydesk/contracts/teams'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { API_BASE } from '../../../lib/api-client.ts'
import { longDate } from '../../../lib/dates.ts'
import { type OrderFilter, useBusinessOrders } from '../api/use-team.ts'

const currentMonth = () => new Date().toISOString().slice(0, 7)

function OrderRow({ order }: { order: TeamOrder }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {order.vehicle.year} {order.vehicle.make} {order.vehicle.model}
        </h3>
        <p className="text-sm text-slate-600">{REQUEST_STATUS_LABELS[order.status]}</p>
      </div>
      <p className="break-all font-mono text-sm text-slate-700">{order.vehicle.vin}</p>
      <p className="text-sm text-slate-700">
        {[order.confirmationNumber, longDate(order.paidAt), formatDollars(order.amountCents)].filter(Boolean).join(' · ')}
      </p>
      <p className="text-sm text-slate-700">
        Ordered by {order.buyer.name}
        {order.location ? ` for ${order.location.name}` : ''}
      </p>
      {order.keycode && (
        <p className="mt-1 text-sm text-slate-900">
          Keycode <span className="font-mono font-semibold">{order.keycode}</span>
          {order.pincode ? (
            <>
              {' '}
              · PIN <span className="font-mono font-semibold">{order.pincode}</span>
            </>
          ) : null}
        </p>
      )}
    </li>
  )
}

/**
 * docs/product.md, 'Enterprise teams': the business's orders the member reaches (the owner every one, a manager their
 * locations', a technician their own), by location, person, status and month, with the month's spend per location.
 */
export function BusinessOrders({ membership, people }: { membership: NonNullable<TeamMembership>; people: TeamPerson[] }) {
  const [filter, setFilter] = useState<OrderFilter>({})
  const [csvMonth, setCsvMonth] = useState(currentMonth)
  const orders = useBusinessOrders(filter)
  const shown = orders.data?.pages.flatMap((page) => page.orders) ?? []
  const manages = membership.position !== 'TECHNICIAN'
  const change = (name: keyof OrderFilter, value: string) => setFilter((current) => ({ ...current, [name]: value || undefined }))

  return (
    <section aria-labelledby="business-orders" className="mt-10">
      <h2 id="business-orders" className="text-xl font-semibold text-brand-900">
        Orders of {membership.business.name}
      </h2>
      <form aria-label="Filter the orders" className="mt-4 grid gap-3 sm:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
        {manages && (
          <SelectField
            label="Location"
            placeholder="Every location"
            options={membership.locations.map((location) => ({ value: location.id, label: location.name }))}
            value={filter.locationId ?? ''}
            onChange={(event) => change('locationId', event.target.value)}
          />
        )}
        {manages && (
          <SelectField
            label="Person"
            placeholder="Everyone"
            options={people.map((person) => ({ value: person.id, label: person.name }))}
            value={filter.personId ?? ''}
            onChange={(event) => change('personId', event.target.value)}
          />
        )}
        <SelectField
          label="Status"
          placeholder="Any status"
          options={RequestStatusSchema.options.map((status: RequestStatus) => ({ value: status, label: REQUEST_STATUS_LABELS[status] }))}
          value={filter.status ?? ''}
          onChange={(event) => change('status', event.target.value)}
        />
        <TextField label="Month paid" type="month" value={filter.month ?? ''} onChange={(event) => change('month', event.target.value)} />
      </form>
      <div className="mt-4" aria-live="polite">
        {orders.isPending && <Spinner label="Loading the orders..." />}
        {orders.isError && <Alert tone="error">The orders could not be loaded. Please try again.</Alert>}
        {orders.data && shown.length === 0 && <p className="text-slate-600">No order matches.</p>}
        {shown.length > 0 && (
          <ul className="space-y-3">
            {shown.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
        {orders.hasNextPage && (
          <Button variant="secondary" className="mt-4" isBusy={orders.isFetchingNextPage} onClick={() => orders.fetchNextPage()}>
            Show more orders
          </Button>
        )}
      </div>
      {manages && (
        <div className="mt-6 flex flex-wrap items-end gap-3">
          <TextField
            label="Spend per location, month"
            type="month"
            value={csvMonth}
            onChange={(event) => setCsvMonth(event.target.value)}
          />
          <a
            href={`${API_BASE}/team/spend.csv?${new URLSearchParams({ month: csvMonth })}`}
            className="rounded-md border border-brand-600 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50"
            download
          >
            Download the spend CSV
          </a>
        </div>
      )}
    </section>
  )
}
