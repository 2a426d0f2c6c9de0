/**
 * Every US state and the District of Columbia, alphabetical from Alabama (docs/product.md, 'Accounts, sign-up, sign-in,
 * sessions, two-factor'): a gap in a sign-up form only turns away legitimate locksmiths.
 */
export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const

/** Canada's provinces and territories, alphabetical: the contract's service area is the US and Canada. */
export const CANADIAN_PROVINCES = [
  'Alberta',
  'British Columbia',
  'Manitoba',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Northwest Territories',
  'Nova Scotia',
  'Nunavut',
  'Ontario',
  'Prince Edward Island',
  'Quebec',
  'Saskatchewan',
  'Yukon',
] as const

/** Where a business may be: every US state, then every Canadian province and territory (what sign-up and the profile offer). */
export const REGIONS = [...US_STATES, ...CANADIAN_PROVINCES] as const
export type Region = (typeof REGIONS)[number]

/** The choices of a state-or-province list, grouped by country for the eye and the screen reader. */
export const REGION_GROUPS = [
  { label: 'United States', options: US_STATES },
  { label: 'Canada', options: CANADIAN_PROVINCES },
] as const

export const isCanadianProvince = (region: string | null | undefined): boolean =>
  CANADIAN_PROVINCES.some((province) => province.toLowerCase() === region?.trim().toLowerCase())

/** A US ZIP code (12345 or 12345-6789) or a Canadian postal code (A1A 1A1, the space optional). */
export const POSTAL_CODE_PATTERN = /^(\d{5}(-\d{4})?|[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d)$/i
export const POSTAL_CODE_MESSAGE = 'Enter a US ZIP code (12345 or 12345-6789) or a Canadian postal code (A1A 1A1).'

/** States requiring a locksmith licence (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Compliance). */
export const LOCKSMITH_LICENSE_STATES = [
  'Alabama',
  'California',
  'Connecticut',
  'Illinois',
  'Louisiana',
  'Maryland',
  'Nevada',
  'New Jersey',
  'North Carolina',
  'Oklahoma',
  'Oregon',
  'Tennessee',
  'Texas',
  'Virginia',
] as const
