import type { OrderFilterState } from '../use-order-filter.ts'

/** The orders by status, each tab with its count of matches while a search or a batch narrows them. */
export function OrderTabList({ filter }: { filter: OrderFilterState }) {
  const { tabs, tab, setTab, isSearching, found } = filter
  return (
    <div
      role="tablist"
      aria-label="Orders by status"
      className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200 sm:mt-6 sm:gap-2"
    >
      {tabs.map((entry) => (
        <button
          key={entry.key}
          type="button"
          role="tab"
          aria-selected={tab === entry.key}
          onClick={() => setTab(entry.key)}
          className={`whitespace-nowrap px-3 py-2 font-medium sm:px-4 ${tab === entry.key ? 'border-b-2 border-brand-600 text-brand-700' : 'text-slate-600'}`}
        >
          {entry.label}
          {isSearching && ` (${found[entry.key].length})`}
        </button>
      ))}
    </div>
  )
}
