import { ALL_MANUFACTURERS } from '@keydesk/contracts/pricing-constants'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

/** The search over makes, models and descriptions, and the manufacturer to show. */
export function PriceFilters({
  search,
  onSearch,
  manufacturer,
  onManufacturer,
  manufacturers,
}: {
  search: string
  onSearch: (search: string) => void
  manufacturer: string
  onManufacturer: (manufacturer: string) => void
  manufacturers: string[]
}) {
  return (
    <div className="mt-10 grid gap-4 sm:grid-cols-2">
      <TextField
        label="Search"
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder="Make, model or description"
      />
      <SelectField
        label="Manufacturer"
        value={manufacturer}
        onChange={(event) => onManufacturer(event.target.value)}
        options={[ALL_MANUFACTURERS, ...manufacturers]}
      />
    </div>
  )
}
