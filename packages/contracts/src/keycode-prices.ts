import { BASIC_COVERED_MAKES_TEXT, isBasicCovered } from './basic-covered-makes.ts'
import { formatPrice } from './money.ts'
import { CART_DISCOUNT_PERCENT, type SubscriptionTier } from './subscription-constants.ts'
import { DAY_MS } from './time.ts'

export * from './basic-covered-makes.ts'

/**
 * What one keycode line costs, and why: the one rule the request page, the cart and the checkout read (docs/product.md,
 * 'Prices'; docs/decisions/021-plan-benefits-as-charged.md).
 */

/** The same makes as a choice of one, for the one discounted keycode. */
const BASIC_COVERED_MAKES_CHOICE = 'Ford, Nissan or Chevrolet'

/** The PIN of a make that needs one is included for members and costs buyers without a plan this much more. */
export const PIN_CHARGE_CENTS = 2000

/** Why a line costs what it costs before any discount. */
export type KeycodePriceRule = 'STANDARD' | 'MEMBER' | 'MEMBER_ASK' | 'BASIC_NOT_COVERED'

/** Why a line is or is not discounted. */
export type KeycodeDiscountRule = 'NONE' | 'PLAN' | 'BASIC_MONTHLY' | 'BASIC_MONTHLY_USED' | 'BASIC_ONE_LINE' | 'BASIC_NOT_COVERED'

export interface KeycodeLineInput {
  make: string
  /** The catalogue's base (non-member) price. */
  baseCents: number
  /** The catalogue's member price; 0 means "ask for pricing". */
  memberCents: number
  requiresPin: boolean
}

/**
 * What decides a buyer's keycode prices: the tier of the plan or trial held, and for Basic whether this plan
 * month's one discounted keycode is still unused (and when the next month starts).
 */
export interface PriceHolder {
  tier: SubscriptionTier
  basicDiscount?: { available: boolean; nextOn: Date | string | null } | null
}

export interface PricedKeycodeLine {
  /** What a buyer without a plan pays for this line: the base price, plus the PIN charge where the make needs a PIN. */
  standardCents: number
  /** The PIN charge inside amountCents (0 for members and for makes without a PIN). */
  pinCents: number
  /** The make needs a PIN and this buyer's price includes it (members). */
  pinIncluded: boolean
  /** What this buyer pays before the discount. */
  amountCents: number
  priceRule: KeycodePriceRule
  discountPercent: number
  discountRule: KeycodeDiscountRule
}

/** The price of one line before discounts, for this buyer's tier. */
export function keycodeLinePrice(line: KeycodeLineInput, tier: SubscriptionTier) {
  const pinCents = line.requiresPin ? PIN_CHARGE_CENTS : 0
  const standardCents = line.baseCents + pinCents
  if (tier === 'NONE') return { standardCents, pinCents, pinIncluded: false, amountCents: standardCents, priceRule: 'STANDARD' as const }
  const member = { standardCents, pinCents: 0, pinIncluded: line.requiresPin }
  if (tier === 'BASIC' && !isBasicCovered(line.make))
    return { ...member, amountCents: line.baseCents, priceRule: 'BASIC_NOT_COVERED' as const }
  if (line.memberCents > 0) return { ...member, amountCents: line.memberCents, priceRule: 'MEMBER' as const }
  return { ...member, amountCents: line.baseCents, priceRule: 'MEMBER_ASK' as const }
}

/**
 * Prices every keycode line of one order (one checkout) for this buyer. Professional and Enterprise take their
 * discount off every line. Basic takes 15% off one line a plan month: the dearest covered line of the order, when
 * this month's discount is unused; its other covered lines pay the member price, and uncovered makes the base price.
 */
export function priceKeycodeLines(lines: KeycodeLineInput[], holder: PriceHolder): PricedKeycodeLine[] {
  const priced = lines.map((line) => keycodeLinePrice(line, holder.tier))
  if (holder.tier !== 'BASIC') {
    const discountPercent = CART_DISCOUNT_PERCENT[holder.tier]
    const discountRule: KeycodeDiscountRule = discountPercent > 0 ? 'PLAN' : 'NONE'
    return priced.map((price) => ({ ...price, discountPercent, discountRule }))
  }
  const available = holder.basicDiscount?.available === true
  let chosen = -1
  priced.forEach((price, index) => {
    if (price.priceRule === 'BASIC_NOT_COVERED') return
    if (chosen === -1 || price.amountCents > (priced[chosen]?.amountCents ?? 0)) chosen = index
  })
  return priced.map((price, index): PricedKeycodeLine => {
    if (price.priceRule === 'BASIC_NOT_COVERED') return { ...price, discountPercent: 0, discountRule: 'BASIC_NOT_COVERED' }
    if (!available) return { ...price, discountPercent: 0, discountRule: 'BASIC_MONTHLY_USED' }
    if (index === chosen) return { ...price, discountPercent: CART_DISCOUNT_PERCENT.BASIC, discountRule: 'BASIC_MONTHLY' }
    return { ...price, discountPercent: 0, discountRule: 'BASIC_ONE_LINE' }
  })
}

/**
 * Basic's plan months: 30-day windows counted from the plan's start (a monthly plan's period is 30 days, so each
 * paid month holds exactly one), or the whole trial for a trial of Basic. Answers the window that holds `now`.
 */
export function planMonthOf(start: Date, now: Date, trialEndsAt: Date | null = null): { from: Date; until: Date } {
  if (trialEndsAt) return { from: start, until: trialEndsAt }
  const elapsed = Math.max(0, now.getTime() - start.getTime())
  const index = Math.floor(elapsed / (30 * DAY_MS))
  return { from: new Date(start.getTime() + index * 30 * DAY_MS), until: new Date(start.getTime() + (index + 1) * 30 * DAY_MS) }
}

const formatDay = (value: Date | string) =>
  new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** What a plan takes off keycodes, in a few words for a plan card: Basic's is one keycode a plan month, not an order. */
export function planDiscountSummary(tier: Exclude<SubscriptionTier, 'NONE'>) {
  if (tier === 'BASIC') return `${CART_DISCOUNT_PERCENT.BASIC}% off one keycode each plan month (${BASIC_COVERED_MAKES_TEXT})`
  return `${CART_DISCOUNT_PERCENT[tier]}% off every keycode`
}

/** Where a Basic member's one discounted keycode of this plan month stands, as the membership screen says it. */
export function basicDiscountStatus(basicDiscount: { available: boolean; nextOn: Date | string | null }) {
  if (basicDiscount.available)
    return `Basic discount: ${CART_DISCOUNT_PERCENT.BASIC}% off one ${BASIC_COVERED_MAKES_CHOICE} keycode, unused this plan month`
  return basicDiscount.nextOn
    ? `Basic discount: used this plan month; next on ${formatDay(basicDiscount.nextOn)}`
    : 'Basic discount: used this plan month'
}

/** The words a screen shows beside a line, so the buyer sees which rule priced it before paying. */
export function priceNoteOf(
  line: Pick<PricedKeycodeLine, 'priceRule' | 'discountRule' | 'pinCents' | 'pinIncluded' | 'discountPercent'>,
  holder: PriceHolder,
) {
  const notes: string[] = []
  if (line.priceRule === 'STANDARD')
    notes.push(line.pinCents > 0 ? `Non-member price, +${formatPrice(PIN_CHARGE_CENTS)} for the PIN code` : 'Non-member price')
  if (line.priceRule === 'MEMBER') notes.push(line.pinIncluded ? 'Member price, PIN included' : 'Member price')
  if (line.priceRule === 'MEMBER_ASK') notes.push('Member price on request: the standard price applies')
  if (line.priceRule === 'BASIC_NOT_COVERED') notes.push(`Standard price: Basic covers ${BASIC_COVERED_MAKES_TEXT}`)
  if (line.discountRule === 'PLAN') notes.push(`${line.discountPercent}% plan discount`)
  if (line.discountRule === 'BASIC_MONTHLY') notes.push(`${line.discountPercent}% Basic discount, your one for this plan month`)
  if (line.discountRule === 'BASIC_ONE_LINE') notes.push('Basic discount goes to one keycode a month')
  if (line.discountRule === 'BASIC_MONTHLY_USED') {
    const nextOn = holder.basicDiscount?.nextOn
    notes.push(
      nextOn ? `Your Basic discount for this month is used; next on ${formatDay(nextOn)}` : 'Your Basic discount for this month is used',
    )
  }
  return notes.join('. ')
}
