import type { ManufacturerPricing } from './pricing.ts'

// The data GET /api/pricing serves, apart from pricing.ts so the web app (which fetches it) does not bundle it.
const standardFeatures = ['Mechanical key code from the VIN', 'Delivered by e-mail and in your account', 'US and Canada vehicles']
const pinFeatures = [...standardFeatures, 'Immobilizer PIN code']

type Entry = Omit<ManufacturerPricing, 'logo' | 'features'> & { features?: string[] }

/**
 * The pricing-page readings of docs/product.md, 'Prices': Infiniti and Nissan members pay 36 here (the ordering catalogue says
 * 56; both readings stand where docs/product.md puts them), Mercury is listed with Ford and Lincoln, and Mitsubishi's
 * member price is 'Ask'.
 */
const entries: Entry[] = [
  {
    name: 'Acura',
    nonMemberPrice: 60,
    memberPrice: 45,
    description: 'Keycodes for Acura cars and SUVs.',
    popularModels: ['MDX', 'RDX', 'TLX', 'ILX'],
    pinCodeNote: null,
  },
  {
    name: 'Honda',
    nonMemberPrice: 60,
    memberPrice: 45,
    description: 'Keycodes for Honda cars, SUVs and vans.',
    popularModels: ['Civic', 'Accord', 'CR-V', 'Pilot'],
    pinCodeNote: null,
  },
  {
    name: 'Chrysler',
    nonMemberPrice: 85,
    memberPrice: 69,
    description: 'Keycode and PIN for Chrysler vehicles.',
    popularModels: ['300', 'Pacifica', 'Voyager'],
    pinCodeNote: 'Key + PIN required, +$20 for non-members',
    features: pinFeatures,
  },
  {
    name: 'Dodge',
    nonMemberPrice: 85,
    memberPrice: 69,
    description: 'Keycode and PIN for Dodge cars, trucks and vans.',
    popularModels: ['Charger', 'Challenger', 'Durango', 'Grand Caravan'],
    pinCodeNote: 'Key + PIN required, +$20 for non-members',
    features: pinFeatures,
  },
  {
    name: 'Jeep',
    nonMemberPrice: 85,
    memberPrice: 69,
    description: 'Keycode and PIN for Jeep SUVs.',
    popularModels: ['Wrangler', 'Grand Cherokee', 'Cherokee', 'Compass'],
    pinCodeNote: 'Key + PIN required, +$20 for non-members',
    features: pinFeatures,
  },
  {
    name: 'Ford',
    nonMemberPrice: 70,
    memberPrice: 55,
    description: 'Keycodes for Ford cars, trucks and SUVs.',
    popularModels: ['F-150', 'Escape', 'Explorer', 'Mustang'],
    pinCodeNote: null,
  },
  {
    name: 'Lincoln',
    nonMemberPrice: 70,
    memberPrice: 55,
    description: 'Keycodes for Lincoln vehicles.',
    popularModels: ['Navigator', 'Aviator', 'Corsair', 'Nautilus'],
    pinCodeNote: null,
  },
  {
    name: 'Mercury',
    nonMemberPrice: 70,
    memberPrice: 55,
    description: 'Keycodes for Mercury vehicles, priced with Ford and Lincoln.',
    popularModels: ['Grand Marquis', 'Mariner', 'Milan'],
    pinCodeNote: null,
  },
  {
    name: 'Hyundai',
    nonMemberPrice: 60,
    memberPrice: 38,
    description: 'Keycodes for Hyundai cars and SUVs.',
    popularModels: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe'],
    pinCodeNote: null,
  },
  {
    name: 'Infiniti',
    nonMemberPrice: 70,
    memberPrice: 36,
    description: 'Keycode and PIN for Infiniti vehicles.',
    popularModels: ['Q50', 'QX60', 'QX80'],
    pinCodeNote: 'Key + PIN required, +$20 for non-members',
    features: pinFeatures,
  },
  {
    name: 'Kia',
    nonMemberPrice: 60,
    memberPrice: 32,
    description: 'Keycodes for Kia cars and SUVs.',
    popularModels: ['Forte', 'Optima', 'Sorento', 'Sportage'],
    pinCodeNote: null,
  },
  {
    name: 'Nissan',
    nonMemberPrice: 70,
    memberPrice: 36,
    description: 'Keycode and PIN for Nissan cars, trucks and SUVs.',
    popularModels: ['Altima', 'Rogue', 'Sentra', 'Frontier'],
    pinCodeNote: 'Key + PIN required, +$20 for non-members',
    features: pinFeatures,
  },
  {
    name: 'Toyota',
    nonMemberPrice: 75,
    memberPrice: 60,
    description: 'Keycodes for Toyota cars, trucks and SUVs.',
    popularModels: ['Camry', 'Corolla', 'RAV4', 'Tacoma'],
    pinCodeNote: null,
  },
  {
    name: 'Lexus',
    nonMemberPrice: 75,
    memberPrice: 60,
    description: 'Keycodes for Lexus vehicles.',
    popularModels: ['RX', 'ES', 'NX', 'GX'],
    pinCodeNote: null,
  },
  {
    name: 'Chevrolet',
    nonMemberPrice: 70,
    memberPrice: 50,
    description: 'Keycodes for Chevrolet (Chevy) cars, trucks and SUVs.',
    popularModels: ['Silverado', 'Equinox', 'Malibu', 'Tahoe'],
    pinCodeNote: null,
  },
  {
    name: 'GMC',
    nonMemberPrice: 70,
    memberPrice: 50,
    description: 'Keycodes for GMC trucks and SUVs.',
    popularModels: ['Sierra', 'Yukon', 'Acadia', 'Terrain'],
    pinCodeNote: null,
  },
  {
    name: 'Buick',
    nonMemberPrice: 70,
    memberPrice: 50,
    description: 'Keycodes for Buick vehicles.',
    popularModels: ['Enclave', 'Encore', 'Envision'],
    pinCodeNote: null,
  },
  {
    name: 'Cadillac',
    nonMemberPrice: 70,
    memberPrice: 50,
    description: 'Keycodes for Cadillac vehicles.',
    popularModels: ['Escalade', 'XT5', 'CT5'],
    pinCodeNote: null,
  },
  {
    name: 'Mazda',
    nonMemberPrice: 75,
    memberPrice: 60,
    description: 'Keycodes for Mazda cars and SUVs.',
    popularModels: ['Mazda3', 'CX-5', 'CX-9', 'Mazda6'],
    pinCodeNote: null,
  },
  {
    name: 'Mitsubishi',
    nonMemberPrice: 70,
    memberPrice: null,
    description: 'Keycodes for Mitsubishi vehicles; prices may vary.',
    popularModels: ['Outlander', 'Eclipse Cross', 'Mirage'],
    pinCodeNote: 'Member price: Ask',
  },
  {
    name: 'Subaru',
    nonMemberPrice: 75,
    memberPrice: 60,
    description: 'Keycodes for Subaru cars and SUVs.',
    popularModels: ['Outback', 'Forester', 'Crosstrek', 'Impreza'],
    pinCodeNote: null,
  },
  {
    name: 'BMW',
    nonMemberPrice: 90,
    memberPrice: 70,
    description: 'Keycodes for BMW vehicles.',
    popularModels: ['3 Series', '5 Series', 'X3', 'X5'],
    pinCodeNote: null,
  },
]

export const MANUFACTURER_PRICING: ManufacturerPricing[] = entries.map(({ features, ...entry }) => ({
  ...entry,
  logo: `/logos/${entry.name.toLowerCase()}.svg`,
  features: features ?? standardFeatures,
}))
