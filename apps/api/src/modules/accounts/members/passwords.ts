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
