import { BULK_TEMPLATE_COLUMNS } from '@keydesk/contracts/bulk'
import { checkVin } from '@keydesk/contracts/vin'
import { describe, expect, it } from 'vitest'
import { type BulkRow, problemsByKey, rowsFromAnswer, templateCsv } from './bulk-rows.ts'

const row = (key: string): BulkRow => ({ key, vin: '', make: '', model: '', year: '', reference: '' })

describe('bulk rows', () => {
  it('gives the template an example row whose VIN the check accepts', () => {
    const [header, example] = templateCsv().split('\r\n')
    expect(header).toBe(BULK_TEMPLATE_COLUMNS.join(','))
    expect(checkVin(example?.split(',')[0] ?? '')).toBeNull()
  })

  it('puts the problems of a refused batch on the rows it names, by their keys', () => {
    const found = problemsByKey(
      [
        { field: 'rows.1.vin', message: 'A VIN has 17 characters; this one has 8.' },
        { field: 'rows.1.model', message: 'Choose the model.' },
        { field: 'rows', message: 'not a row' },
      ],
      [row('a'), row('b')],
    )
    expect([...found]).toEqual([
      [
        'b',
        [
          { field: 'vin', message: 'A VIN has 17 characters; this one has 8.' },
          { field: 'model', message: 'Choose the model.' },
        ],
      ],
    ])
  })

  it('keeps what the file said where the check could not resolve a field, so fixing the VIN is all it takes', () => {
    const [read] = rowsFromAnswer([
      {
        vin: '1HGCR2F32GA000000',
        make: null,
        model: null,
        year: null,
        reference: 'Lot 4',
        makeOptions: [],
        modelOptions: [],
        problems: [{ field: 'vin', message: 'This VIN fails its check digit (9th character): a character is probably mistyped.' }],
        typed: { vin: '1hgcr2f32ga000000', make: 'Honda', model: 'Civic', year: '2016', reference: 'Lot 4' },
      },
    ])
    expect(read).toMatchObject({ vin: '1HGCR2F32GA000000', make: 'Honda', model: 'Civic', year: '2016', reference: 'Lot 4' })
  })
})
