import type { BulkRowField, CheckedBulkRow } from '@keydesk/contracts/bulk'
import { formatDollars } from '@keydesk/contracts/money'
import { memo } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { CellLabel } from '../../../components/ui/cell-label.tsx'
import { ScanVinButton } from '../../vin-scan/components/scan-vin-button.tsx'
import { type BulkRow, FIELD_MAX_LENGTH } from '../bulk-rows.ts'

const cellControlClass =
  'block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-brand-600 aria-[invalid=true]:border-red-700'

const FIELD_LABELS: Record<BulkRowField, string> = { vin: 'VIN', make: 'Make', model: 'Model', year: 'Year', reference: 'Reference' }

export interface BulkRowEditorProps {
  row: BulkRow
  /** The row's place in the batch, counted from 1 as the API's messages count. */
  number: number
  checked: CheckedBulkRow | undefined
  /** How many other rows of this row's make and year have another model: what "apply to all" would change. */
  applyCount: number
  onEdit: (key: string, field: BulkRowField, value: string) => void
  onApplyModel: (key: string) => void
  onRemove: (key: string) => void
}

export const removeButtonId = (key: string) => `${key}-remove`
export const fieldControlId = (key: string, field: BulkRowField) => `${key}-${field}`

/** The options of a choice, with the row's own value kept when the list does not hold it (what the member typed). */
const choicesWith = (options: string[], value: string) => (value === '' || options.includes(value) ? options : [value, ...options])

/** A cell's select: Choose, then the options. */
const choice = (props: CellControlProps, options: string[]) => (
  <select {...props} className={cellControlClass}>
    <option value="">Choose</option>
    {options.map((option) => (
      <option key={option}>{option}</option>
    ))}
  </select>
)

/** A field's cell: its name on a phone, its control, and beside it the API's problems with the field. */
function FieldCell({
  row,
  number,
  field,
  checked,
  onEdit,
  control,
  children,
}: Pick<BulkRowEditorProps, 'row' | 'number' | 'checked' | 'onEdit'> & {
  field: BulkRowField
  control: (props: CellControlProps) => React.ReactNode
  children?: React.ReactNode
}) {
  const problems = checked?.problems.filter((problem) => problem.field === field) ?? []
  const problemId = `${row.key}-${field}-problem`
  return (
    <td className="block md:table-cell md:px-2 md:py-2 md:align-top">
      <CellLabel>{FIELD_LABELS[field]}</CellLabel>
      {control({
        id: fieldControlId(row.key, field),
        'aria-label': `${FIELD_LABELS[field]}, row ${number}`,
        'aria-invalid': problems.length > 0 ? true : undefined,
        'aria-describedby': problems.length > 0 ? problemId : undefined,
        value: row[field],
        onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onEdit(row.key, field, event.target.value),
      })}
      {problems.length > 0 && (
        <p id={problemId} className="mt-1 text-xs text-red-700">
          {problems.map((problem) => problem.message).join(' ')}
        </p>
      )}
      {children}
    </td>
  )
}

/** What the row will charge under the member's plan, once the check priced it. */
function PriceCell({ checked }: { checked: CheckedBulkRow | undefined }) {
  return (
    <td className="block pt-2 md:table-cell md:px-2 md:py-2 md:align-top">
      <CellLabel>Price</CellLabel>
      {checked?.price ? (
        <>
          <span className="font-medium">{formatDollars(checked.price.chargeCents)}</span>
          <span className="block text-xs text-slate-600">{checked.price.note}</span>
        </>
      ) : (
        <span className="text-slate-600">Once the make is known</span>
      )}
    </td>
  )
}

/** One vehicle of the batch: every field editable, each problem beside its field in the API's words. */
export const BulkRowEditor = memo(function BulkRowEditor({
  row,
  number,
  checked,
  applyCount,
  onEdit,
  onApplyModel,
  onRemove,
}: BulkRowEditorProps) {
  const cell = { row, number, checked, onEdit }
  return (
    <tr className="block rounded-lg border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-t md:p-0">
      <th scope="row" className="block text-left font-medium md:table-cell md:px-2 md:py-2 md:align-top">
        <CellLabel>Row</CellLabel>
        {number}
      </th>
      <FieldCell
        {...cell}
        field="vin"
        control={(props) => (
          <input {...props} className={`${cellControlClass} font-mono`} maxLength={FIELD_MAX_LENGTH.vin} spellCheck={false} />
        )}
      >
        <ScanVinButton label={`Scan VIN, row ${number}`} className="mt-1" onVin={(vin) => onEdit(row.key, 'vin', vin)} />
      </FieldCell>
      <FieldCell {...cell} field="make" control={(props) => choice(props, choicesWith(checked?.makeOptions ?? [], row.make))} />
      <FieldCell
        {...cell}
        field="year"
        control={(props) => (
          <input {...props} className={`${cellControlClass} md:w-20`} inputMode="numeric" maxLength={FIELD_MAX_LENGTH.year} />
        )}
      />
      <FieldCell {...cell} field="model" control={(props) => choice(props, choicesWith(checked?.modelOptions ?? [], row.model))}>
        {checked?.proposedModel && row.model === checked.proposedModel && (
          <p className="mt-1 text-xs text-slate-600">The catalogue’s only model of this make and year</p>
        )}
        {applyCount > 0 && (
          <Button variant="link" className="mt-1 text-left text-xs" onClick={() => onApplyModel(row.key)}>
            Use {row.model} for {applyCount === 1 ? 'the other' : `all ${applyCount} other`} {row.year} {row.make}{' '}
            {applyCount === 1 ? 'row' : 'rows'}
          </Button>
        )}
      </FieldCell>
      <FieldCell
        {...cell}
        field="reference"
        control={(props) => <input {...props} className={cellControlClass} maxLength={FIELD_MAX_LENGTH.reference} />}
      />
      <PriceCell checked={checked} />
      <td className="block pt-2 md:table-cell md:px-2 md:py-2 md:align-top">
        <Button
          id={removeButtonId(row.key)}
          variant="secondary"
          className="text-sm"
          onClick={() => onRemove(row.key)}
          aria-label={`Remove row ${number}`}
        >
          Remove
        </Button>
      </td>
    </tr>
  )
})

interface CellControlProps {
  id: string
  'aria-label': string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  value: string
  onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void
}
