import type { CheckedBulkRow } from '@keydesk/contracts/bulk'
import { describe, expect, it } from 'vitest'
import { type SheetCheck, withProblems } from './sheet-check.ts'

const checkedRow = (vin: string): CheckedBulkRow => ({
  vin,
  make: 'Honda',
  model: 'Civic',
  year: 2016,
  reference: '',
  makeOptions: ['Honda'],
  modelOptions: ['Civic'],
  problems: [],
  typed: { vin, make: 'Honda', model: 'Civic', year: '2016', reference: '' },
})

describe('sheet check', () => {
  it("puts the problems found on sending in place of the check's, on the rows they name only", () => {
    const check: SheetCheck = {
      rows: [],
      byKey: new Map([
        ['a', checkedRow('A')],
        ['b', checkedRow('B')],
      ]),
      rowLimit: 50,
      problem: null,
      total: null,
    }
    const found = new Map([
      ['b', [{ field: 'vin' as const, message: 'This VIN is already in your cart.' }]],
      ['gone', [{ field: 'vin' as const, message: 'A row removed since.' }]],
    ])

    const shown = withProblems(check, found)

    expect(shown.byKey.get('a')?.problems).toEqual([])
    expect(shown.byKey.get('b')?.problems).toEqual([{ field: 'vin', message: 'This VIN is already in your cart.' }])
    expect(shown.byKey.has('gone')).toBe(false)
    expect(check.byKey.get('b')?.problems).toEqual([])
  })
})
