import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { hash, verify } from '@node-rs/argon2'
import { concurrencyLimit } from '../../../lib/concurrency-limit.ts'

/** OWASP argon2id: 19 MiB, 2 passes, 1 lane (about 70 ms here). Algorithm 2 is argon2id. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * At most two hashes run at once: a login storm queues here instead of filling libuv's thread pool,
 * which file and DNS work of every other request also needs.
 */
const limited = concurrencyLimit(2)

export const hashPassword = (password: string) => limited(() => hash(password, ARGON2_OPTIONS))

export const verifyPassword = (passwordHash: string, password: string) => limited(() => verify(passwordHash, password).catch(() => false))

/** A hash of a random password, verified against when the e-mail is unknown so both paths cost the same. */
let decoyHash: Promise<string> | undefined
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`)
  return decoyHash
}

/** The most common passwords of public breach lists that pass our length rules. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '123123',
  '654321',
  '666666',
  '121212',
  '112233',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'abc123',
  'abcdef',
  'abcd1234',
  'iloveyou',
  'letmein',
  'welcome',
  'welcome1',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'trustno1',
  'admin',
  'admin123',
  'administrator',
  'changeme',
  'master',
  'secret',
  'shadow',
  'michael',
  'jennifer',
  'starwars',
  'whatever',
  'freedom',
  'computer',
  'internet',
  'keydesk',
  'keydesk1',
  'locksmith',
  'locksmith1',
  'zaq12wsx',
  '1q2w3e4r',
  '1qaz2wsx',
  'asdfghjkl',
  'asdfgh',
])

/** Answers the refusal text for a password found on the common list, or null. */
export function commonPasswordProblem(password: string): string | null {
  return COMMON_PASSWORDS.has(password.toLowerCase()) ? ACCOUNT_MESSAGES.commonPassword : null
}
