import { ACCOUNT_DATA_KEEP_DAYS } from './policy-statements.ts'

/**
 * How long Keydesk keeps each kind of personal data, and what happens at the end (docs/decisions/030). The Privacy
 * page renders its sentences from here; the jobs that keep a period read their cut-off from here; `kept` says what
 * keeps each period today, so nothing here claims a job that does not run.
 */
export interface RetentionRule {
  /** The Privacy page's sentence. */
  sentence: string
  period: { years: number } | { days: number }
  end: 'DELETED' | 'ANONYMISED'
  /** The records it covers, and what the end does to each. */
  records: readonly string[]
  /** The periodic job that keeps it, or why none does yet. */
  kept: { job: string } | { notYet: string }
}

export const RETENTION = {
  TRANSACTIONS: {
    sentence: 'Transaction records: 7 years.',
    period: { years: 7 },
    end: 'DELETED',
    records: [
      'paid orders, plan payments, refunds, disputes and release records, from the payment (an order never paid, from its creation)',
      "a deleted account's orders are kept without its documents and contact details, the buyer named by a pseudonym",
    ],
    kept: { job: 'transaction-retention' },
  },
  SUPPORT: {
    sentence: 'Support communications: 2 years.',
    period: { years: 2 },
    end: 'DELETED',
    records: ["chat: a member's whole conversation, once its last message is older", 'contact-form messages, from when they were sent'],
    kept: { job: 'support-retention' },
  },
  ANALYTICS: {
    sentence: 'Analytics: anonymised after 1 year.',
    period: { years: 1 },
    end: 'ANONYMISED',
    records: [
      'sign-in history: the address and the browser are cleared, the time kept',
      "action log: a guest's client address is removed from the entry, the entry kept",
    ],
    kept: { job: 'analytics-retention' },
  },
  ACCOUNT: {
    sentence: `Account data: ${ACCOUNT_DATA_KEEP_DAYS} days after cancellation.`,
    period: { days: ACCOUNT_DATA_KEEP_DAYS },
    end: 'DELETED',
    records: [
      "a closed account's profile, documents and files, sign-ins, sessions, notices, chat, plans and unpaid requests, from its closing",
      'its paid orders stay as transaction records, named by a pseudonym instead of the account',
    ],
    kept: { job: 'account-purge' },
  },
} as const satisfies Record<string, RetentionRule>

/** The moment before which a period's records have ended, as of `now` (calendar years, UTC). */
export function retentionCutoff(period: RetentionRule['period'], now: Date): Date {
  const cutoff = new Date(now.getTime())
  if ('years' in period) cutoff.setUTCFullYear(cutoff.getUTCFullYear() - period.years)
  else cutoff.setUTCDate(cutoff.getUTCDate() - period.days)
  return cutoff
}

/** The moment a record that started at `start` reaches the end of its period: retentionCutoff seen from the record. */
export function retentionEnd(period: RetentionRule['period'], start: Date): Date {
  const end = new Date(start.getTime())
  if ('years' in period) end.setUTCFullYear(end.getUTCFullYear() + period.years)
  else end.setUTCDate(end.getUTCDate() + period.days)
  return end
}
