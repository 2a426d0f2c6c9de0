import { BULK_MESSAGES, type BulkRowInput } from '@keydesk/contracts/bulk'
import { describe, expect, it } from 'vitest'
import { validVin } from '../../../test/requests.ts'
import { type CatalogueEntry, checkBulkRows } from './checks.ts'

const CATALOGUE: CatalogueEntry[] = [
  {
    name: 'Honda',
    models: [
      { name: 'Civic', years: [2015, 2016, 2017] },
      { name: 'CR-V', years: [2016] },
    ],
  },
  { name: 'Ford', models: [{ name: 'F-150', years: [2018, 2019] }] },
  { name: 'Chrysler', models: [{ name: '300', years: [2016] }] },
  { name: 'Dodge', models: [{ name: 'Charger', years: [2016] }] },
  // A make with no manufacturer codes on file: any VIN may be one.
  { name: 'Saab', models: [{ name: '9-3', years: [2016] }] },
]
const NOW = new Date('2026-11-26T12:00:00Z')
const HONDA = validVin('1HGCR2F3', 'G')
const FORD = validVin('1FTFW1E5', 'J')
const CHRYSLER_OR_DODGE = validVin('1C3CCBAB', 'G')

const check = (rows: BulkRowInput[], openVins: string[] = []) => checkBulkRows(rows, CATALOGUE, new Set(openVins), NOW)
const only = (rows: BulkRowInput[], openVins?: string[]) => {
  const [row] = check(rows, openVins)
  if (!row) throw new Error('no row checked')
  return row
}

describe('the row checks of a batch', () => {
  it('fills in the make and the model year the VIN tells, and offers that year\u2019s models', () => {
    expect(only([{ vin: HONDA.toLowerCase() }])).toEqual({
      vin: HONDA,
      make: 'Honda',
      model: null,
      year: 2016,
      reference: '',
      makeOptions: ['Honda'],
      modelOptions: ['Civic', 'CR-V'],
      proposedModel: null,
      problems: [{ field: 'model', message: BULK_MESSAGES.modelNeeded }],
      typed: { vin: HONDA.toLowerCase() },
    })
  })

  it('preselects the row\u2019s own model when the catalogue has it, compared loosely', () => {
    expect(only([{ vin: HONDA, model: 'cr v' }])).toMatchObject({ model: 'CR-V', problems: [] })
  })

  it('proposes and takes the only model of the VIN\u2019s make and year when the row names none', () => {
    expect(only([{ vin: FORD }])).toMatchObject({ make: 'Ford', year: 2018, model: 'F-150', proposedModel: 'F-150', problems: [] })
  })

  it('keeps the row\u2019s own model choice open while proposing none where the year offers several models', () => {
    expect(only([{ vin: HONDA }])).toMatchObject({ model: null, proposedModel: null })
  })

  it('proposes the only model but still names a different model the row typed as unknown', () => {
    expect(only([{ vin: FORD, model: 'Ranger' }])).toMatchObject({
      model: null,
      proposedModel: 'F-150',
      problems: [{ field: 'model', message: BULK_MESSAGES.modelUnknown('Ranger') }],
    })
  })

  it('names a model the catalogue does not have for that make and year', () => {
    expect(only([{ vin: HONDA, model: 'Accord' }]).problems).toEqual([{ field: 'model', message: BULK_MESSAGES.modelUnknown('Accord') }])
  })

  it('refuses a VIN that fails its check digit', () => {
    const typo = `${HONDA.slice(0, 16)}${HONDA.endsWith('1') ? '2' : '1'}`
    expect(only([{ vin: typo, model: 'Civic' }]).problems).toEqual([
      { field: 'vin', message: 'This VIN fails its check digit (9th character): a character is probably mistyped.' },
    ])
  })

  it('refuses a VIN of the wrong length or with the letters I, O or Q', () => {
    expect(only([{ vin: 'ABC' }]).problems).toEqual([{ field: 'vin', message: 'A VIN has 17 characters; this one has 3.' }])
    expect(only([{ vin: 'IHGCR2F31GA00000O' }]).problems[0]?.field).toBe('vin')
  })

  it('refuses a year the 10th character rules out', () => {
    expect(only([{ vin: HONDA, year: '2017', model: 'Civic' }]).problems).toEqual([
      { field: 'year', message: 'This VIN is not for a 2017 model year (its 10th character means 1986 or 2016).' },
    ])
  })

  it('refuses a make the manufacturer code rules out', () => {
    expect(only([{ vin: FORD, make: 'Honda', model: 'Civic' }]).problems).toEqual([
      { field: 'vin', message: 'This VIN does not belong to a Honda (its first three characters are 1FT).' },
    ])
  })

  it('asks for the make when the manufacturer code fits several, and offers just those', () => {
    expect(only([{ vin: CHRYSLER_OR_DODGE }])).toMatchObject({
      make: null,
      makeOptions: ['Chrysler', 'Dodge'],
      problems: [{ field: 'make', message: BULK_MESSAGES.makeAmbiguous(['Chrysler', 'Dodge']) }],
    })
    expect(only([{ vin: CHRYSLER_OR_DODGE, make: 'dodge', model: 'Charger' }])).toMatchObject({ make: 'Dodge', problems: [] })
  })

  it('asks for the make when the VIN does not tell it, offering every make', () => {
    const unknown = validVin('9ZZAB123', 'G')
    expect(only([{ vin: unknown }])).toMatchObject({
      makeOptions: ['Honda', 'Ford', 'Chrysler', 'Dodge', 'Saab'],
      problems: [{ field: 'make', message: BULK_MESSAGES.makeNeeded }],
    })
    expect(only([{ vin: unknown, make: 'Saab', model: '9-3' }]).problems).toEqual([])
  })

  it('refuses a make outside the catalogue', () => {
    expect(only([{ vin: HONDA, make: 'Yugo' }]).problems).toContainEqual({ field: 'make', message: BULK_MESSAGES.makeUnknown })
  })

  it('says when the catalogue has no model of the make in that year', () => {
    expect(only([{ vin: validVin('1FTFW1E5', 'L') }]).problems).toEqual([{ field: 'year', message: BULK_MESSAGES.yearNotOffered }])
  })

  it('marks every repeat of a VIN within the batch with the row it repeats', () => {
    const rows = check([
      { vin: HONDA, model: 'Civic' },
      { vin: FORD, model: 'F-150' },
      { vin: HONDA, model: 'Civic' },
    ])
    expect(rows.map((row) => row.problems)).toEqual([[], [], [{ field: 'vin', message: BULK_MESSAGES.duplicateInBatch(1) }]])
  })

  it('marks a VIN the member already has an open order for', () => {
    expect(only([{ vin: HONDA, model: 'Civic' }], [HONDA]).problems).toEqual([{ field: 'vin', message: BULK_MESSAGES.duplicateOpen }])
  })

  it('refuses a reference longer than a row may keep', () => {
    expect(only([{ vin: HONDA, model: 'Civic', reference: 'x'.repeat(121) }]).problems).toEqual([
      { field: 'reference', message: BULK_MESSAGES.referenceTooLong },
    ])
  })
})
