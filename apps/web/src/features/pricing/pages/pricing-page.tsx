import { BASIC_COVERED_MAKES_TEXT } from '@keydesk/contracts/basic-covered-makes'
import { PRICING_LOADING_DELAY_MS } from '@keydesk/contracts/limits'
import { CURRENCY_NOTE } from '@keydesk/contracts/money'
import { ALL_MANUFACTURERS, matchesPricingSearch, PRICING_LOADING_TEXT } from '@keydesk/contracts/pricing-constants'
import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { usePricing } from '../api/use-pricing.ts'
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
          <div className="mt-10 grid gap-4 sm:grid-cols-2">
            <TextField
              label="Search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Make, model or description"
            />
            <SelectField
              label="Manufacturer"
              value={manufacturer}
              onChange={(event) => setManufacturer(event.target.value)}
              options={[ALL_MANUFACTURERS, ...(pricing.data ?? []).map((entry) => entry.name)]}
            />
          </div>
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

      <section aria-label="Get started" className="mt-16 rounded-xl bg-brand-900 px-6 py-10 text-center text-white">
        <p className="text-2xl font-semibold">Ready to cut the key?</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.vehicleKeycodeRequest} className="rounded-md bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50">
            Request Keycode Now
          </Link>
          <Link to={paths.support} className="rounded-md border border-white px-5 py-3 font-semibold text-white hover:bg-brand-700">
            Contact Support
          </Link>
        </div>
      </section>
    </div>
  )
}
