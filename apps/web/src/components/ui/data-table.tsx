import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import { CellLabel } from './cell-label.tsx'
import { PageButtons, type PageButtonsProps } from './page-buttons.tsx'
import { Spinner } from './spinner.tsx'

export type SortDirection = 'ascending' | 'descending'

export interface DataTableColumn<Row> {
  /** The column header, and on a phone the label before each of its cells. */
  header: string
  cell: (row: Row) => ReactNode
  /** False where the cell speaks for itself at the head of a card (the vehicle a queue row is about). */
  labelled?: boolean
  /** Extra classes of the column's cells, e.g. 'font-mono' or 'md:text-right'. */
  className?: string
  /** Makes the header a button that sorts by this column; `direction` is set on the column sorted by. */
  sort?: { direction?: SortDirection; onSort: () => void }
  /** Clicks inside the cell (its buttons) act on their own and do not select the row. */
  actsAlone?: boolean
}

export interface RowSelection<Row> {
  /** The open row's key; no row is marked without one. */
  selectedKey: string | undefined
  onSelect: (row: Row) => void
  /** The row's name for assistive technology, read when the row takes the focus. */
  rowLabel: (row: Row) => string
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology, e.g. 'Pending requests'. */
  label: string
  columns: DataTableColumn<Row>[]
  /** Undefined until the first page has been fetched. */
  rows: Row[] | undefined
  rowKey: (row: Row) => string
  /** Shows the busy indicator, with its text when given. */
  loading?: boolean
  loadingLabel?: string
  /** What a fetched list with no rows says. */
  empty?: ReactNode
  paging?: PageButtonsProps
  /** Rows reached with Tab and moved through with the arrow keys; Enter, Space or a click selects one. */
  selection?: RowSelection<Row>
}

function SortableHeader({ header, sort }: { header: string; sort: NonNullable<DataTableColumn<unknown>['sort']> }) {
  return (
    <th scope="col" aria-sort={sort.direction ?? 'none'} className="px-2 py-2 text-left font-medium">
      <button type="button" onClick={sort.onSort} className="inline-flex items-center gap-1 hover:text-brand-600">
        {header}
        <span aria-hidden="true" className="text-xs">
          {sort.direction ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  )
}

/** The headers, hidden on a phone where each cell carries its own label. */
function DataTableHead<Row>({ columns }: { columns: DataTableColumn<Row>[] }) {
  return (
    <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
      <tr>
        {columns.map((column) =>
          column.sort ? (
            <SortableHeader key={column.header} header={column.header} sort={column.sort} />
          ) : (
            <th key={column.header} scope="col" className="px-2 py-2 text-left font-medium">
              {column.header}
            </th>
          ),
        )}
      </tr>
    </thead>
  )
}

const stopRowClick = (event: { stopPropagation: () => void }) => event.stopPropagation()

/** A row is a card on a phone and a table row from the tablet width; a selectable one shows its focus and selection. */
function rowClass(isSelectable: boolean, isSelected: boolean) {
  const card = 'block rounded-lg border bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-t md:p-0'
  if (!isSelectable) return `${card} border-slate-200`
  const state = isSelected ? 'border-brand-600 md:bg-brand-50' : 'border-slate-200 hover:bg-slate-50'
  return `${card} cursor-pointer focus:outline-2 focus:outline-brand-600 ${state}`
}

/**
 * A list as a table from the tablet width (768 px) and as cards below it, where the column headers are hidden and
 * each cell carries its own label: side by side, four or more columns collided at a phone's 390 px.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingLabel,
  empty,
  paging,
  selection,
}: DataTableProps<Row>) {
  const rowElements = useRef(new Map<string, HTMLTableRowElement>())

  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    if (!selection || !rows || event.target !== event.currentTarget) return
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
    if (move !== 0) {
      event.preventDefault()
      const next = rows[Math.min(rows.length - 1, Math.max(0, index + move))]
      if (next) rowElements.current.get(rowKey(next))?.focus()
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      const row = rows[index]
      if (row) selection.onSelect(row)
    }
  }

  return (
    <>
      {loading && <Spinner label={loadingLabel} />}
      {!loading && rows?.length === 0 && empty && <p className="text-slate-600">{empty}</p>}
      {rows && rows.length > 0 && (
        <div className="md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white">
          <table aria-label={label} className="block w-full text-left text-sm md:table">
            <DataTableHead columns={columns} />
            <tbody className="block space-y-2 md:table-row-group md:space-y-0">
              {rows.map((row, index) => {
                const key = rowKey(row)
                const isSelected = selection?.selectedKey === key
                return (
                  <tr
                    key={key}
                    className={rowClass(selection !== undefined, isSelected)}
                    {...(selection && {
                      ref: (element: HTMLTableRowElement | null) => {
                        if (element) rowElements.current.set(key, element)
                        else rowElements.current.delete(key)
                      },
                      tabIndex: 0,
                      'aria-selected': isSelected,
                      'aria-label': selection.rowLabel(row),
                      onClick: () => selection.onSelect(row),
                      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => onRowKey(event, index),
                    })}
                  >
                    {columns.map((column) => (
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the click only keeps the row from being selected; the buttons inside are keyboard-operable
                      <td
                        key={column.header}
                        className={`block md:table-cell md:px-2 md:py-2 ${column.className ?? ''}`}
                        onClick={column.actsAlone ? stopRowClick : undefined}
                      >
                        {column.labelled !== false && <CellLabel>{column.header}</CellLabel>}
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {paging && <PageButtons {...paging} />}
    </>
  )
}
