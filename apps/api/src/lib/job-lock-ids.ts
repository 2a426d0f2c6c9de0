/** Two-key advisory locks (space, job): processes of two releases must agree on them, so a number is never reused. */
export const JOB_LOCK_SPACE = 0x4b455944 // 'KEYD'
export const JOB_LOCK_IDS = {
  'mail-outbox': 1,
  'orphan-file-sweep': 2,
  'guest-sweep': 3,
  'subscription-expiry': 4,
  'unpaid-request-sweep': 5,
  'session-sweep': 6,
  'sign-in-records-sweep': 7,
  'sandbox-redelivery': 8,
  'analytics-retention': 9,
  'support-retention': 10,
  'account-purge': 11,
  'transaction-retention': 12,
  'earlier-support-messages': 13,
}
export type JobName = keyof typeof JOB_LOCK_IDS
