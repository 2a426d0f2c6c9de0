import { describe, expect, it } from 'vitest'
import { greetingOf } from './templates.ts'

describe('the greeting of a mail', () => {
  it('greets by a name that reads as a name, in any script', () => {
    expect(greetingOf({ name: 'Ada' })).toBe('Hello Ada,')
    expect(greetingOf({ name: "Seán O'Brien-Núñez" })).toBe("Hello Seán O'Brien-Núñez,")
    expect(greetingOf({ name: 'Zoë' })).toBe('Hello Zoë,')
  })

  it('greets no one when the "name" carries a message, a link or digits, or there is none', () => {
    for (const name of [
      'your Keydesk payout failed. Confirm your card at https://evil.example',
      'Call 555-0100',
      'a'.repeat(41),
      '',
      null,
    ]) {
      expect(greetingOf({ name })).toBe('Hello,')
    }
  })

  it("uses a greeting line in the app's own words as it is", () => {
    expect(greetingOf({ line: 'Thank you for your order KD-ABC.' })).toBe('Thank you for your order KD-ABC.')
  })
})
