import { BULK_CSV_MAX_COLUMNS, BULK_MAX_ROWS, BULK_MESSAGES } from '@keydesk/contracts/bulk'
import { describe, expect, it } from 'vitest'
import { parseBulkText } from './parse.ts'

const VIN_A = '1HGCR2F31GA000000'
const VIN_B = '1FTFW1E50JFA00001'

/** The refusal parseBulkText throws for this text, as its code and message, or null when it reads the text. */
async function refusalOf(text: string): Promise<{ code: string; message: string } | null> {
  try {
    await parseBulkText(text)
    return null
  } catch (error) {
    const { code, message } = error as { code: string; message: string }
    return { code, message }
  }
}

describe('a pasted list of VINs', () => {
  it('takes one VIN per line', async () => {
    expect((await parseBulkText(`${VIN_A}\n${VIN_B}\n`)).rows).toEqual([{ vin: VIN_A }, { vin: VIN_B }])
  })

  it('takes VINs separated by commas, semicolons, tabs or spaces, and skips blank lines', async () => {
    const { rows } = await parseBulkText(`${VIN_A}, ${VIN_B}\n\n  ${VIN_A};${VIN_B}\t${VIN_A} ${VIN_B}\r\n`)
    expect(rows.map((row) => row.vin)).toEqual([VIN_A, VIN_B, VIN_A, VIN_B, VIN_A, VIN_B])
  })

  it('says what to do when nothing was pasted', async () => {
    expect(await parseBulkText(' \n\n ')).toEqual({ rows: [], problem: BULK_MESSAGES.empty })
  })

  it('reads no more than one VIN past the largest batch, however long the paste', async () => {
    const { rows } = await parseBulkText('A\n'.repeat(50_000))
    expect(rows).toHaveLength(BULK_MAX_ROWS + 1)
  })
})

describe('a CSV file', () => {
  it('reads the template columns into rows', async () => {
    const csv = `VIN,Make,Model,Year,Reference\n${VIN_A},Honda,Civic,2016,Stock 12\n`
    expect(await parseBulkText(csv)).toEqual({
      rows: [{ vin: VIN_A, make: 'Honda', model: 'Civic', year: '2016', reference: 'Stock 12' }],
      problem: null,
    })
  })

  it("accepts Excel's export: a byte-order mark, semicolons and CRLF line ends", async () => {
    const csv = `\uFEFFVIN;Make;Model;Year\r\n${VIN_A};Honda;Civic;2016\r\n`
    expect((await parseBulkText(csv)).rows).toEqual([{ vin: VIN_A, make: 'Honda', model: 'Civic', year: '2016' }])
  })

  it('reads a sheet Excel saved with an empty first row, an empty row between and unused columns to the right', async () => {
    const csv = `\uFEFF;;;;;;\r\nVIN;Make;Model;Year;;;\r\n${VIN_A};Honda;Civic;2016;;;\r\n;;;;;;\r\n${VIN_B};Ford;F-150;2018;;;\r\n`
    expect((await parseBulkText(csv)).rows).toEqual([
      { vin: VIN_A, make: 'Honda', model: 'Civic', year: '2016' },
      { vin: VIN_B, make: 'Ford', model: 'F-150', year: '2018' },
    ])
  })

  it("takes the delimiter from Excel's sep= line above the header", async () => {
    const csv = `sep=;\r\n"VIN";"Make";"Reference"\r\n"${VIN_A}";"Honda";"Lot 4, row B"\r\n`
    expect((await parseBulkText(csv)).rows).toEqual([{ vin: VIN_A, make: 'Honda', reference: 'Lot 4, row B' }])
  })

  it('matches header names loosely and in any order, and joins the notes to the reference', async () => {
    const csv = `model year,Vehicle Identification Number,Stock #,Notes,Manufacturer\n2016,${VIN_A},A-17,front lot,Honda\n`
    expect((await parseBulkText(csv)).rows).toEqual([{ vin: VIN_A, year: '2016', make: 'Honda', reference: 'A-17 · front lot' }])
  })

  it('knows the header words of other exports: VIN No., Vehicle Make, Vehicle Model, Vehicle Year, Stock No.', async () => {
    const csv = `VIN No.,VEHICLE MAKE,vehicle model,Vehicle Year,Stock No.\n${VIN_A},Honda,Civic,2016,A-17\n`
    expect((await parseBulkText(csv)).rows).toEqual([{ vin: VIN_A, make: 'Honda', model: 'Civic', year: '2016', reference: 'A-17' }])
  })

  it('reads quoted cells holding the delimiter, quotes and line breaks', async () => {
    const csv = `vin,reference\n"${VIN_A}","Lot 4, row ""B""\nback fence"\n`
    expect((await parseBulkText(csv)).rows).toEqual([{ vin: VIN_A, reference: 'Lot 4, row "B"\nback fence' }])
  })

  it('reads a quote inside an unquoted cell as text', async () => {
    expect((await parseBulkText(`vin,reference\n${VIN_A},5" lift\n`)).rows).toEqual([{ vin: VIN_A, reference: '5" lift' }])
  })

  it('skips blank lines and rows with no value at all', async () => {
    const csv = `VIN,Make\n\n${VIN_A},Honda\n,\n\n${VIN_B},Ford\n`
    expect((await parseBulkText(csv)).rows.map((row) => row.vin)).toEqual([VIN_A, VIN_B])
  })

  it('asks for a VIN column when the header names other columns only', async () => {
    expect(await parseBulkText('Make,Model,Year\nHonda,Civic,2016\n')).toEqual({ rows: [], problem: BULK_MESSAGES.noVinColumn })
  })

  it('cuts an overlong cell to what a row may carry, so the row can be sent back as it is', async () => {
    const [row] = (await parseBulkText(`VIN,Reference\n${'A'.repeat(100)},${'r'.repeat(1000)}\n`)).rows
    expect(row?.vin).toHaveLength(40)
    expect(row?.reference).toHaveLength(240)
  })
})

describe('the work a CSV file may ask for', () => {
  it(`refuses a header of more than ${BULK_CSV_MAX_COLUMNS} columns with 400, saying how many it has`, async () => {
    const header = ['VIN', ...Array.from({ length: BULK_CSV_MAX_COLUMNS }, (_, index) => `Extra ${index + 1}`)].join(',')
    expect(await refusalOf(`${header}\n${VIN_A}\n`)).toEqual({
      code: 'VALIDATION_ERROR',
      message: BULK_MESSAGES.tooManyColumns(BULK_CSV_MAX_COLUMNS + 1),
    })
  })

  it(`reads a header of ${BULK_CSV_MAX_COLUMNS} columns, all of them references`, async () => {
    const header = ['VIN', ...Array.from({ length: BULK_CSV_MAX_COLUMNS - 1 }, () => 'Ref')].join(',')
    const { rows } = await parseBulkText(`${header}\n${VIN_A},a,,b\n`)
    expect(rows).toEqual([{ vin: VIN_A, reference: 'a · b' }])
  })

  it('reads a long file a slice at a time, other work running between the slices', async () => {
    const csv = `VIN,Make,Model,Year,Reference\n${`${VIN_A},Honda,Civic,2016,${'r'.repeat(150)}\n`.repeat(1_000)}`
    let turns = 0
    let reading = true
    const turn = () => {
      if (!reading) return
      turns += 1
      setImmediate(turn)
    }
    setImmediate(turn)
    const { rows } = await parseBulkText(csv)
    reading = false
    expect(rows).toHaveLength(1_000)
    // 190 KB in 8 KB slices: 23 of them, and a turn of the event loop after each.
    expect(turns).toBeGreaterThanOrEqual(20)
  })

  it('reads no more than one row past the largest batch, however long the file', async () => {
    const { rows } = await parseBulkText(`VIN,Make\n${`${VIN_A},Honda\n`.repeat(5_000)}`)
    expect(rows).toHaveLength(BULK_MAX_ROWS + 1)
  })
})

describe('a CSV file with a stray quote', () => {
  it('is refused with 400 naming the line where a quote opens and never closes', async () => {
    const csv = `VIN,Make\n${VIN_A},Honda\n${VIN_B},"Ford\n${VIN_A},Honda\n${VIN_B},Ford\n`
    expect(await refusalOf(csv)).toEqual({ code: 'VALIDATION_ERROR', message: BULK_MESSAGES.quoteNotClosed(3) })
  })

  it('is refused with 400 naming the line where text follows a closing quote', async () => {
    const csv = `\r\nVIN;Make\r\n${VIN_A};Honda\r\n${VIN_B};"For"d\r\n`
    expect(await refusalOf(csv)).toEqual({ code: 'VALIDATION_ERROR', message: BULK_MESSAGES.strayQuote(4) })
  })
})
