import { BULK_MESSAGES } from '@keydesk/contracts/bulk'
import { describe, expect, it } from 'vitest'
import { parseBulkText } from './parse.ts'

const VIN_A = '1HGCR2F31GA000000'
const VIN_B = '1FTFW1E50JFA00001'

describe('a pasted list of VINs', () => {
  it('takes one VIN per line', () => {
    expect(parseBulkText(`${VIN_A}\n${VIN_B}\n`).rows).toEqual([{ vin: VIN_A }, { vin: VIN_B }])
  })

  it('takes VINs separated by commas, semicolons, tabs or spaces, and skips blank lines', () => {
    expect(parseBulkText(`${VIN_A}, ${VIN_B}\n\n  ${VIN_A};${VIN_B}\t${VIN_A} ${VIN_B}\r\n`).rows.map((row) => row.vin)).toEqual([
      VIN_A,
      VIN_B,
      VIN_A,
      VIN_B,
      VIN_A,
      VIN_B,
    ])
  })

  it('says what to do when nothing was pasted', () => {
    expect(parseBulkText(' \n\n ')).toEqual({ rows: [], problem: BULK_MESSAGES.empty })
  })
})

describe('a CSV file', () => {
  it('reads the template columns into rows', () => {
    const csv = `VIN,Make,Model,Year,Reference\n${VIN_A},Honda,Civic,2016,Stock 12\n`
    expect(parseBulkText(csv)).toEqual({
      rows: [{ vin: VIN_A, make: 'Honda', model: 'Civic', year: '2016', reference: 'Stock 12' }],
      problem: null,
    })
  })

  it("accepts Excel's export: a byte-order mark, semicolons and CRLF line ends", () => {
    const csv = `\uFEFFVIN;Make;Model;Year\r\n${VIN_A};Honda;Civic;2016\r\n`
    expect(parseBulkText(csv).rows).toEqual([{ vin: VIN_A, make: 'Honda', model: 'Civic', year: '2016' }])
  })

  it('matches header names loosely and in any order, and joins the notes to the reference', () => {
    const csv = `model year,Vehicle Identification Number,Stock #,Notes,Manufacturer\n2016,${VIN_A},A-17,front lot,Honda\n`
    expect(parseBulkText(csv).rows).toEqual([{ vin: VIN_A, year: '2016', make: 'Honda', reference: 'A-17 · front lot' }])
  })

  it('reads quoted cells holding the delimiter, quotes and line breaks', () => {
    const csv = `vin,reference\n"${VIN_A}","Lot 4, row ""B""\nback fence"\n`
    expect(parseBulkText(csv).rows).toEqual([{ vin: VIN_A, reference: 'Lot 4, row "B"\nback fence' }])
  })

  it('skips blank lines and rows with no value at all', () => {
    const csv = `VIN,Make\n\n${VIN_A},Honda\n,\n\n${VIN_B},Ford\n`
    expect(parseBulkText(csv).rows.map((row) => row.vin)).toEqual([VIN_A, VIN_B])
  })

  it('asks for a VIN column when the header names other columns only', () => {
    expect(parseBulkText('Make,Model,Year\nHonda,Civic,2016\n')).toEqual({ rows: [], problem: BULK_MESSAGES.noVinColumn })
  })

  it('cuts an overlong cell to what a row may carry, so the row can be sent back as it is', () => {
    const [row] = parseBulkText(`VIN,Reference\n${'A'.repeat(100)},${'r'.repeat(1000)}\n`).rows
    expect(row?.vin).toHaveLength(40)
    expect(row?.reference).toHaveLength(240)
  })
})
