import { DASHBOARD_BATCH_PARAM } from '@keydesk/contracts/bulk'
import type { UserRequestsAnswer } from '@keydesk/contracts/vehicle-request'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { batchesOf } from './components/batch-summary.tsx'
import { ALL_TABS, matchesByTab, type OrderFilter, type TabKey, tabsFor } from './dashboard-orders.ts'

/**
 * The dashboard's open tab, search and batch: a search looks through every tab, and when the open tab has no match the
 * first tab that has one opens. The batch shown alone is in the address, so the batch-done mail can link to it.
 */
export function useOrderFilter(data: UserRequestsAnswer | undefined, hasOrders: boolean) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [tab, setTab] = useState<TabKey>('pendingRequests')
  const [search, setSearch] = useState('')
  const batchFilter = searchParams.get(DASHBOARD_BATCH_PARAM)?.trim().toUpperCase() || null
  const batches = batchesOf(data ? ALL_TABS.flatMap((entry) => data[entry.key]) : [])
  const found = matchesByTab(data, { search, batch: batchFilter })
  const tabs = tabsFor(data)

  function openTabWithMatches(filter: OrderFilter) {
    const results = matchesByTab(data, filter)
    if (results[tab].length === 0) {
      const withMatches = tabs.find((entry) => results[entry.key].length > 0)
      if (withMatches) setTab(withMatches.key)
    }
  }

  function changeBatch(next: string | null) {
    setSearchParams(
      (params) => {
        if (next === null) params.delete(DASHBOARD_BATCH_PARAM)
        else params.set(DASHBOARD_BATCH_PARAM, next)
        return params
      },
      { replace: true },
    )
    openTabWithMatches({ search, batch: next })
  }

  function changeSearch(next: string) {
    setSearch(next)
    openTabWithMatches({ search: next, batch: batchFilter })
  }

  // A search typed, or a batch linked, before the orders arrived chooses its tab once they are here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the orders' first arrival re-runs the filter's choice of tab
  useEffect(() => {
    if (hasOrders && (search.trim() || batchFilter)) openTabWithMatches({ search, batch: batchFilter })
  }, [hasOrders])

  return {
    tab,
    setTab,
    tabs,
    search,
    changeSearch,
    batchFilter,
    changeBatch,
    batches,
    filteredBatch: batchFilter === null ? null : (batches.get(batchFilter) ?? null),
    found,
    isSearching: search.trim() !== '' || batchFilter !== null,
  }
}

export type OrderFilterState = ReturnType<typeof useOrderFilter>
