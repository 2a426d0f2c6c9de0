import { type SandboxCardForm, TEST_CARDS } from '@keydesk/contracts/payments'
import { z } from 'zod'

function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export type CardOutcome = { kind: 'approved' } | { kind: 'declined'; message: string } | { kind: 'invalid'; message: string }

/** Stripe's standard test cards: 4242… succeeds, 4000 0000 0000 0002 is declined; anything else is explained. */
export function judgeTestCard(form: SandboxCardForm, needsEmail: boolean, now: Date): CardOutcome {
  if (needsEmail && !z.email().safeParse(form.email ?? '').success)
    return { kind: 'invalid', message: 'Enter the e-mail address for your receipt and keycode.' }
  if (!form.name) return { kind: 'invalid', message: 'Enter the name on the card.' }
  const digits = form.cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { kind: 'invalid', message: 'Your card number is invalid.' }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim())
  const month = Number(expiry?.[1])
  const year = 2000 + Number(expiry?.[2])
  if (!expiry || month < 1 || month > 12) return { kind: 'invalid', message: "Your card's expiration date is invalid (MM/YY)." }
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { kind: 'invalid', message: "Your card's expiration date is in the past." }
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { kind: 'invalid', message: "Your card's security code is invalid." }
  if (digits === TEST_CARDS.success) return { kind: 'approved' }
  if (digits === TEST_CARDS.declined) return { kind: 'declined', message: 'Your card was declined.' }
  return { kind: 'declined', message: 'This is a test checkout: use the test card 4242 4242 4242 4242.' }
}
