/**
 * VIN checks for North American vehicles (49 CFR 565). A wrong VIN is a non-refundable user error, so the
 * form and the API both refuse one that cannot be right, each time with a message naming what is wrong.
 */

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
}
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
/** Position 10 codes, repeating every 30 years: A=1980/2010, …, Y=2000/2030, 1=2001/2031, …, 9=2009/2039. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

/**
 * World manufacturer identifiers (first three characters) of the catalogue makes; a VIN whose prefix
 * belongs to another make is refused. Makes not listed here are not checked by prefix.
 */
const WMI_BY_MAKE: Record<string, string[]> = {
  Acura: ['19U', 'JH4', '2HN', '5J8', '4W5'],
  Honda: ['1HG', '2HG', '5FN', '5J6', 'JHM', '2HK', '7FA', '19X', 'SHH', '3HG', '3CZ', '2HJ', '5FP'],
  Chrysler: ['1C3', '2C3', '2C4', '1C4'],
  Dodge: ['1B3', '2B3', '1D7', '3D7', '1C3', '2C3', '1C4', '2C4', '1C6', '3C6', '3C4', '1D4', '2D4', '3D4', '1B4', '1B7', '2D8'],
  Jeep: ['1J4', '1J8', '1C4', '3C4', 'ZAC', '1C6', '1JC'],
  Ford: ['1FA', '1FM', '1FT', '1FD', '2FM', '3FA', '3FM', '1ZV', 'NM0', '1FB', '1FC', '1FV', '2FA', '2FT', '3FT', 'MAJ', 'WF0'],
  Lincoln: ['1LN', '2LM', '5LM', '3LN', '5LD', '2LN'],
  Hyundai: ['KMH', '5NP', '5NM', 'KM8', '3KP', '5XY'],
  Infiniti: ['JN1', 'JNK', 'JNR', '5N1', '5N3'],
  Kia: ['KNA', 'KND', '5XX', '5XY', '3KP', 'KNM'],
  Nissan: ['1N4', '1N6', '3N1', '3N6', '5N1', 'JN1', 'JN8', '4N2', 'JNK', '3N8'],
  Toyota: ['4T1', '4T3', '4T4', '5TD', '5TF', '2T1', '2T3', 'JTD', 'JTE', 'JTM', 'JTN', 'JT2', '5YF', '3TM', '5TE', 'JTK', '5TB', '3TY'],
  Lexus: ['JTH', 'JTJ', '2T2', '58A', 'JT6', 'JT8'],
  Chevrolet: ['1G1', '1GC', '1GN', '2G1', '3G1', '3GN', '3GC', 'KL7', 'KL8', '1GB', '2GN', '1G6', '3GB', '2GC'],
  GMC: ['1GT', '1GK', '2GT', '3GT', '2GK', '3GK', '1GD'],
  Buick: ['1G4', '2G4', '5GA', 'KL4', 'LRB', '3G5'],
  Cadillac: ['1G6', '1GY', '3GY', '1GE', 'W06'],
  Mazda: ['JM1', 'JM3', '3MZ', '3MV', 'JM6', '1YV', '4F2'],
  Mitsubishi: ['JA3', 'JA4', '4A3', '4A4', 'ML3', 'JA7', '6MM', 'JA5'],
  Subaru: ['JF1', 'JF2', '4S3', '4S4', '4S6'],
  BMW: ['WBA', 'WBS', 'WBX', '5UX', '5YM', '4US', 'WBY', '3AV'],
}

/** The makes of each manufacturer code, looked up once per VIN (a bulk check asks for 1,000 VINs at a time). */
const MAKES_BY_WMI = new Map<string, string[]>()
for (const [make, prefixes] of Object.entries(WMI_BY_MAKE)) {
  for (const prefix of prefixes) MAKES_BY_WMI.set(prefix, [...(MAKES_BY_WMI.get(prefix) ?? []), make])
}

/** The makes whose manufacturer codes are listed (the catalogue's test holds every catalogue make among them). */
export const makesKnownByCode = (): string[] => Object.keys(WMI_BY_MAKE)

/** The catalogue makes whose manufacturer codes include this VIN's first three characters (none when the code is not listed). */
export function makesOfVin(rawVin: string): string[] {
  return [...(MAKES_BY_WMI.get(normalizeVin(rawVin).slice(0, 3)) ?? [])]
}

export type VinProblem =
  | { code: 'VIN_REQUIRED'; message: string }
  | { code: 'VIN_LENGTH'; message: string }
  | { code: 'VIN_CHARACTERS'; message: string }
  | { code: 'VIN_CHECK_DIGIT'; message: string }
  | { code: 'VIN_YEAR'; message: string }
  | { code: 'VIN_MAKE'; message: string }

export const normalizeVin = (vin: string) => vin.replace(/[\s-]/g, '').toUpperCase()

export function vinCheckDigit(vin: string): string {
  let sum = 0
  for (let index = 0; index < 17; index++) {
    const character = vin[index] ?? '0'
    const value = character >= '0' && character <= '9' ? Number(character) : (TRANSLITERATION[character] ?? 0)
    sum += value * (WEIGHTS[index] ?? 0)
  }
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

/** Model years a position-10 code stands for (e.g. 'L' → 1990 and 2020). */
export function modelYearsFor(code: string): number[] {
  const index = YEAR_CODES.indexOf(code)
  return index === -1 ? [] : [1980 + index, 2010 + index]
}

/** Checks a VIN against the chosen make and year; answers the first problem, or null when it can be right. */
export function checkVin(rawVin: string, choice: { make?: string; year?: number } = {}): VinProblem | null {
  const vin = normalizeVin(rawVin)
  if (vin.length === 0) return { code: 'VIN_REQUIRED', message: 'Please enter the VIN.' }
  if (/[IOQ]/.test(vin))
    return { code: 'VIN_CHARACTERS', message: 'A VIN never contains the letters I, O or Q: check for the digits 1 and 0.' }
  if (!/^[A-HJ-NPR-Z0-9]*$/.test(vin)) return { code: 'VIN_CHARACTERS', message: 'A VIN has only letters and digits.' }
  if (vin.length !== 17) return { code: 'VIN_LENGTH', message: `A VIN has 17 characters; this one has ${vin.length}.` }
  if (vin[8] !== vinCheckDigit(vin)) {
    return { code: 'VIN_CHECK_DIGIT', message: 'This VIN fails its check digit (9th character): a character is probably mistyped.' }
  }
  if (choice.year !== undefined && !modelYearsFor(vin[9] ?? '').includes(choice.year)) {
    const years = modelYearsFor(vin[9] ?? '')
    const stated = years.length > 0 ? ` (its 10th character means ${years.join(' or ')})` : ''
    return { code: 'VIN_YEAR', message: `This VIN is not for a ${choice.year} model year${stated}.` }
  }
  const prefixes = choice.make ? WMI_BY_MAKE[choice.make] : undefined
  if (prefixes && !prefixes.includes(vin.slice(0, 3))) {
    return {
      code: 'VIN_MAKE',
      message: `This VIN does not belong to a ${choice.make} (its first three characters are ${vin.slice(0, 3)}).`,
    }
  }
  return null
}

/**
 * The model year a VIN states (49 CFR 565.15): the 10th character's code, in the 30-year cycle its 7th character
 * chooses for cars, light trucks and multipurpose vehicles under 10,000 lb (a digit: 1980-2009; a letter: 2010-2039).
 * Null for a code that is not a year code.
 */
export function modelYearOfVin(rawVin: string): number | null {
  const vin = normalizeVin(rawVin)
  const years = modelYearsFor(vin[9] ?? '')
  if (years.length === 0) return null
  return /[0-9]/.test(vin[6] ?? '') ? (years[0] ?? null) : (years[1] ?? null)
}

/**
 * What a VIN says of itself, without a network call: the catalogue makes its manufacturer code belongs to (several
 * where one code is shared, none when it is not listed) and its model year. Null until it is a whole, valid VIN, so a
 * half-typed one never fills anything in.
 */
export function decodeVin(rawVin: string): { makes: string[]; year: number | null } | null {
  if (checkVin(rawVin) !== null) return null
  return { makes: makesOfVin(rawVin), year: modelYearOfVin(rawVin) }
}
