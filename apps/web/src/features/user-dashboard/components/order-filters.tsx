import { TextField } from '../../../components/ui/text-field.tsx'
import type { OrderFilterState } from '../use-order-filter.ts'
import { BatchHeading } from './batch-summary.tsx'

/** The search over every tab, the bulk batch chooser, and the batch shown alone with the way back to every order. */
export function OrderFilters({ filter }: { filter: OrderFilterState }) {
  const { search, changeSearch, batches, batchFilter, changeBatch, filteredBatch } = filter
  return (
    <>
      <div className="mt-4 flex flex-wrap items-start gap-4 sm:mt-8">
        <div className="w-full max-w-md">
          <TextField
            label="Search by VIN, model or make"
            type="search"
            value={search}
            onChange={(event) => changeSearch(event.target.value)}
            hint="Searches all your orders, in every tab."
          />
        </div>
        {batches.size > 0 && (
          <label className="flex w-full max-w-xs flex-col gap-1 text-sm font-medium text-slate-800">
            Bulk batch
            <select
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900"
              value={batchFilter ?? ''}
              onChange={(event) => changeBatch(event.target.value || null)}
            >
              <option value="">All orders</option>
              {[...batches.values()].map((batch) => (
                <option key={batch.code} value={batch.code}>
                  Batch {batch.code}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {filteredBatch && (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <BatchHeading batch={filteredBatch} level="h2" />
          <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={() => changeBatch(null)}>
            Show all orders
          </button>
        </div>
      )}
    </>
  )
}
