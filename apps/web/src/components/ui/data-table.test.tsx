import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DataTable, type DataTableColumn } from './data-table.tsx'

interface Car {
  id: string
  model: string
  price: number
}

const cars: Car[] = [
  { id: 'a', model: 'Ranger', price: 70 },
  { id: 'b', model: 'F-150', price: 90 },
  { id: 'c', model: 'Bronco', price: 110 },
]

const columns: DataTableColumn<Car>[] = [
  { header: 'Model', labelled: false, cell: (car) => car.model },
  { header: 'Price', cell: (car) => `$${car.price}` },
]

describe('data table', () => {
  it('names the table and labels each cell for the phone layout, but not a cell that speaks for itself', () => {
    render(<DataTable label="Cars" rows={cars} rowKey={(car) => car.id} columns={columns} />)
    const table = screen.getByRole('table', { name: 'Cars' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Model', 'Price'])
    const [, first] = within(table).getAllByRole('row')
    const [model, price] = within(first as HTMLElement).getAllByRole('cell')
    expect(model).toHaveTextContent(/^Ranger$/)
    expect(price).toHaveTextContent('Price:$70')
  })

  it('says a list is being fetched, then what an empty one means, and shows no table for either', () => {
    const { rerender } = render(
      <DataTable
        label="Cars"
        rows={undefined}
        rowKey={(car: Car) => car.id}
        columns={columns}
        loading
        loadingLabel="Loading cars..."
        empty="No cars."
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Loading cars...')
    expect(screen.queryByText('No cars.')).toBeNull()
    rerender(<DataTable label="Cars" rows={[]} rowKey={(car: Car) => car.id} columns={columns} empty="No cars." />)
    expect(screen.getByText('No cars.')).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('pages through a list whose length it knows', async () => {
    const onPageChange = vi.fn()
    render(
      <DataTable
        label="Cars"
        rows={cars}
        rowKey={(car) => car.id}
        columns={columns}
        paging={{ label: 'Car pages', page: 0, pageCount: 3, onPageChange }}
      />,
    )
    const pages = screen.getByRole('navigation', { name: 'Car pages' })
    expect(pages).toHaveTextContent('Page 1 of 3')
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    expect(onPageChange).toHaveBeenCalledWith(1)
  })

  it('sorts by a header that offers it and says which way', async () => {
    const onSort = vi.fn()
    render(
      <DataTable
        label="Cars"
        rows={cars}
        rowKey={(car) => car.id}
        columns={[
          { header: 'Model', cell: (car) => car.model, sort: { direction: 'descending', onSort } },
          { header: 'Price', cell: (car) => car.price, sort: { onSort } },
        ]}
      />,
    )
    expect(screen.getByRole('columnheader', { name: /Model/ })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'none')
    await userEvent.click(screen.getByRole('button', { name: /Price/ }))
    expect(onSort).toHaveBeenCalledTimes(1)
  })

  it('selects a row by click or from the keyboard, moving through the rows with the arrow keys', async () => {
    const onSelect = vi.fn()
    const onBuy = vi.fn()
    render(
      <DataTable
        label="Cars"
        rows={cars}
        rowKey={(car) => car.id}
        columns={[
          ...columns,
          {
            header: 'Actions',
            actsAlone: true,
            cell: (car) => (
              <button type="button" onClick={() => onBuy(car.id)}>
                Buy
              </button>
            ),
          },
        ]}
        selection={{ selectedKey: 'a', onSelect, rowLabel: (car) => `The ${car.model}` }}
      />,
    )
    const ranger = screen.getByRole('row', { name: 'The Ranger' })
    expect(ranger).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('row', { name: 'The F-150' })).toHaveAttribute('aria-selected', 'false')

    await userEvent.click(screen.getByRole('row', { name: 'The Bronco' }))
    expect(onSelect).toHaveBeenLastCalledWith(cars[2])

    ranger.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('row', { name: 'The F-150' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onSelect).toHaveBeenLastCalledWith(cars[1])

    onSelect.mockClear()
    await userEvent.click(within(ranger).getByRole('button', { name: 'Buy' }))
    expect(onBuy).toHaveBeenCalledWith('a')
    expect(onSelect).not.toHaveBeenCalled()
  })
})
