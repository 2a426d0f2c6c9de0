import { BASIC_COVERED_MAKES_TEXT } from '@keydesk/contracts/basic-covered-makes'
import { PRICING_LOADING_DELAY_MS } from '@keydesk/contracts/limits'
import { CURRENCY_NOTE } from '@keydesk/contracts/money'
import { ALL_MANUFACTURERS, matchesPricingSearch, PRICING_LOADING_TEXT } from '@keydesk/contracts/pricing-constants'
import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { useEffect, useMemo, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { usePricing } from '../api/use-pricing.ts'
import { GetStarted } from '../components/get-started.tsx'
import { PriceFilters } from '../components/price-filters.tsx'
import { PricingCard } from '../components/pricing-card.tsx'
import { PricingFaq } from '../components/pricing-faq.tsx'

/** docs/product.md, 'Screens and routes (web)': the pricing page, with its 500 ms loading notice, search and manufacturer filter. */
export function PricingPage() {
  const pricing = usePricing()
  const [isDelayOver, setIsDelayOver] = useState(false)
  const [search, setSearch] = useState('')
  const [manufacturer, setManufacturer] = useState(ALL_MANUFACTURERS)

  useEffect(() => {
    document.title = 'Pricing · Keydesk'
    const timer = setTimeout(() => setIsDelayOver(true), PRICING_LOADING_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  const visible = useMemo(
    () =>
      (pricing.data ?? []).filter(
        (entry) => (manufacturer === ALL_MANUFACTURERS || entry.name === manufacturer) && matchesPricingSearch(entry, search),
      ),
    [pricing.data, manufacturer, search],
  )

  const isLoading = !isDelayOver || pricing.isPending

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-brand-900">Keycode pricing</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">
          One price per keycode, by manufacturer. Members pay the member price ({TIER_LABELS.BASIC}: on {BASIC_COVERED_MAKES_TEXT}); PIN
          codes are included for members.
        </p>
        <p className="mt-2 text-sm text-slate-600">{CURRENCY_NOTE}</p>
      </section>

      {isLoading ? (
        // A screen-tall placeholder: the prices arrive below the fold's edge, so nothing visible jumps (CLS).
        <div className="flex min-h-screen justify-center py-24">
          <Spinner label={PRICING_LOADING_TEXT} />
        </div>
      ) : pricing.isError ? (
        <div className="mt-10 space-y-4">
          <Alert tone="error">{pricing.error.message}</Alert>
          <Button onClick={() => pricing.refetch()}>Retry</Button>
        </div>
      ) : (
        <>
          <PriceFilters
            search={search}
            onSearch={setSearch}
            manufacturer={manufacturer}
            onManufacturer={setManufacturer}
            manufacturers={(pricing.data ?? []).map((entry) => entry.name)}
          />
          {visible.length === 0 ? (
            <p role="status" className="mt-10 text-center text-slate-600">
              No manufacturer matches your search.
            </p>
          ) : (
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {visible.map((entry) => (
                <PricingCard key={entry.name} entry={entry} />
              ))}
            </div>
          )}
        </>
      )}

      <PricingFaq />

      <GetStarted />
    </div>
  )
}
