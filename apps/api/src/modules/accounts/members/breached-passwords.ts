import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import type { Uses } from '../../../ports.ts'

/** How long sign-up waits for the breached-password service before it goes on with the local list's answer. */
export const BREACH_CHECK_TIMEOUT_MS = 1500

let localList: Promise<Set<string>> | undefined

/**
 * The local list: the most frequent passwords of public breach corpora (about 49,000, from the zxcvbn-ts project's
 * dictionary, in the dependency @zxcvbn-ts/language-common), read once, on the first check. It answers offline, in
 * development and tests, and whenever the range service is slow or away.
 */
function loadLocalList(): Promise<Set<string>> {
  localList ??= readFile(createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json'), 'utf8').then(
    (text) => new Set((JSON.parse(text) as string[]).map((entry) => entry.toLowerCase())),
  )
  return localList
}

/**
 * Whether a breached-password range service (Have I Been Pwned's k-anonymity API or one alike) knows the password:
 * only the first 5 hex characters of its SHA-1 leave the server, padded answers hide which suffixes came back.
 * Null when the service did not answer in time or at all, so the caller goes on without it.
 */
async function rangeServiceKnows(rangeUrl: string, password: string, log: Uses<'log'>['log']): Promise<boolean | null> {
  const sha1 = createHash('sha1').update(password).digest('hex').toUpperCase()
  const prefix = sha1.slice(0, 5)
  const suffix = sha1.slice(5)
  try {
    const answer = await fetch(`${rangeUrl}${prefix}`, {
      headers: { 'add-padding': 'true' },
      signal: AbortSignal.timeout(BREACH_CHECK_TIMEOUT_MS),
    })
    if (!answer.ok) throw new Error(`the range service answered ${answer.status}`)
    const text = await answer.text()
    return text.split('\n').some((line) => {
      const [lineSuffix, count] = line.trim().split(':')
      return lineSuffix === suffix && Number(count) > 0
    })
  } catch (error) {
    log.warn(
      { errorName: (error as Error).name, reason: (error as Error).message },
      'breached-password service unavailable; the local list decided',
    )
    return null
  }
}

/**
 * The refusal text for a password known from breaches (NIST SP 800-63B, 5.1.1.2), or null. The local list first; then,
 * where BREACHED_PASSWORDS_RANGE_URL is set (production's default), the range service, which never holds sign-up
 * longer than BREACH_CHECK_TIMEOUT_MS.
 */
export async function breachedPasswordProblem(ports: Uses<'config' | 'log'>, password: string): Promise<string | null> {
  if ((await loadLocalList()).has(password.toLowerCase())) return ACCOUNT_MESSAGES.commonPassword
  const rangeUrl = ports.config.breachedPasswordsRangeUrl
  if (!rangeUrl) return null
  return (await rangeServiceKnows(rangeUrl, password, ports.log)) ? ACCOUNT_MESSAGES.breachedPassword : null
}
