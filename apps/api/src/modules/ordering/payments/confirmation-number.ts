import { randomInt } from 'node:crypto'

/** No 0/O or 1/I: confirmation numbers are read out over the phone to support. */
const CONFIRMATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** KD- and 10 random characters (50 bits): unguessable enough to quote, unique by index. */
export function newConfirmationNumber(): string {
  let code = ''
  for (let index = 0; index < 10; index++) code += CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)]
  return `KD-${code}`
}
