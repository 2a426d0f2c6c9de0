import { describe, expect, it } from 'vitest'
import { checkVin, modelYearsFor, normalizeVin, vinCheckDigit } from './vin.ts'

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
