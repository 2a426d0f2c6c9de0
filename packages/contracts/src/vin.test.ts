import { describe, expect, it } from 'vitest'
import { checkVin, decodeVin, makesKnownByCode, modelYearOfVin, modelYearsFor, normalizeVin, vinCheckDigit } from './vin.ts'

// Real-format VINs whose check digits are correct.
const HONDA_2016 = '1HGCR2F31GA000000'
const TOYOTA_2020 = '4T1B11HK6LU000000'

describe('VIN checks', () => {
  it('accepts a valid VIN for its make and year', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X')
    expect(checkVin(HONDA_2016, { make: 'Honda', year: 2016 })).toBeNull()
    expect(checkVin(TOYOTA_2020, { make: 'Toyota', year: 2020 })).toBeNull()
  })

  it('normalises spaces, dashes and lower case', () => {
    expect(normalizeVin(' 1hgcr2f31ga-000000 ')).toBe(HONDA_2016)
    expect(checkVin('1hgcr2f31ga000000', { make: 'Honda', year: 2016 })).toBeNull()
  })

  it('asks for a VIN when empty', () => expect(checkVin('')?.code).toBe('VIN_REQUIRED'))
  it('refuses the wrong length', () => expect(checkVin('1HGCR2F31GA00000')?.message).toBe('A VIN has 17 characters; this one has 16.'))
  it('refuses I, O and Q', () => expect(checkVin('1HGCR2F31GA00000O')?.code).toBe('VIN_CHARACTERS'))
  it('refuses a mistyped character through the check digit', () => expect(checkVin('1HGCR2F31GA000001')?.code).toBe('VIN_CHECK_DIGIT'))
  it('refuses a year that the 10th character contradicts', () => {
    expect(checkVin(HONDA_2016, { make: 'Honda', year: 2018 })?.message).toBe(
      'This VIN is not for a 2018 model year (its 10th character means 1986 or 2016).',
    )
  })
  it('refuses a VIN of another make', () => expect(checkVin(HONDA_2016, { make: 'Toyota', year: 2016 })?.code).toBe('VIN_MAKE'))
  it('reads model-year codes', () => expect(modelYearsFor('L')).toEqual([1990, 2020]))
})

/**
 * One VIN per catalogue make: a real manufacturer code (the makes' WMIs as NHTSA lists them), vehicle descriptor and
 * year code of that make's models, a serial of zeros, and the check digit computed as 49 CFR 565 says. Not VINs of
 * particular vehicles: the decoding reads only the code, the year characters and the check digit.
 */
const ONE_PER_MAKE: [vin: string, makes: string[], year: number][] = [
  ['19UUB1F3XFA000000', ['Acura'], 2015],
  ['1HGCM82633A004352', ['Honda'], 2003],
  ['2C3CDXBGXKH000000', ['Chrysler', 'Dodge'], 2019],
  ['1C4RJFAG6FC000000', ['Chrysler', 'Dodge', 'Jeep'], 2015],
  ['1J4GW48S0YC000000', ['Jeep'], 2000],
  ['1FA6P8TH9J5000000', ['Ford'], 2018],
  ['5LMJJ2J56EE000000', ['Lincoln'], 2014],
  ['KMHD84LF7HU000000', ['Hyundai'], 2017],
  ['5N1AR2MN9GC000000', ['Infiniti', 'Nissan'], 2016],
  ['KNDJP3A50H7000000', ['Kia'], 2017],
  ['1N4AL3AP0JC000000', ['Nissan'], 2018],
  ['4T1B11HK6LU000000', ['Toyota'], 2020],
  ['JTHBA1D25G5000000', ['Lexus'], 2016],
  ['1G1ZD5ST8KF000000', ['Chevrolet'], 2019],
  ['1GTV2LEC6GZ000000', ['GMC'], 2016],
  ['1G4ZN5SS2LU000000', ['Buick'], 2020],
  ['1GYKNDRS0KZ000000', ['Cadillac'], 2019],
  ['JM1BM1V76E1000000', ['Mazda'], 2014],
  ['JA4AD2A33JZ000000', ['Mitsubishi'], 2018],
  ['JF2SJABC0FH000000', ['Subaru'], 2015],
  ['WBA8E9G53GN000000', ['BMW'], 2016],
]

describe('what a VIN says of itself', () => {
  it.each(ONE_PER_MAKE)('reads %s as %j, model year %i', (vin, makes, year) => {
    expect(checkVin(vin)).toBeNull()
    expect(decodeVin(vin)).toEqual({ makes, year })
  })

  it('has a VIN for every make known by its manufacturer codes', () => {
    const decoded = new Set(ONE_PER_MAKE.flatMap(([, makes]) => makes))
    expect(makesKnownByCode().filter((make) => !decoded.has(make))).toEqual([])
  })

  it('chooses the 30-year cycle by the 7th character: a digit for 1980-2009, a letter for 2010-2039', () => {
    expect(modelYearOfVin('1HGCM82633A004352')).toBe(2003)
    expect(modelYearOfVin('1HGCM8263YA004352')).toBe(2000)
    expect(modelYearOfVin('1HGCM8A63YA004352')).toBe(2030)
    expect(modelYearOfVin('1HGCR2F31GA000000')).toBe(2016)
    expect(modelYearOfVin('1HGCR2531GA000000')).toBe(1986)
  })

  it('fills nothing in until the VIN is whole and valid', () => {
    expect(decodeVin('1HGCM8263')).toBeNull()
    expect(decodeVin('1HGCM82643A004352')).toBeNull()
  })

  it('answers no make for a manufacturer code the catalogue does not list', () => {
    const vin = `5YJSA1E1${vinCheckDigit('5YJSA1E10HF000000')}HF000000`
    expect(decodeVin(vin)).toEqual({ makes: [], year: 2017 })
  })
})
