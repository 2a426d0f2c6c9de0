/**
 * The numbers of docs/product.md, 'Policies shown on the static pages', that no other rule holds: statements the
 * policy pages make, kept here so the pages render them (docs/decisions/029) and a change is made once.
 */

/** Prices change only with this much notice. */
export const PRICE_NOTICE_DAYS = 30
/** Account data is kept this long after cancellation. */
export const ACCOUNT_DATA_KEEP_DAYS = 30
/** A service failure is a refund ground after this much downtime. */
export const SERVICE_FAILURE_DOWNTIME_HOURS = 24
/** Support aims to answer within this many hours. */
export const SUPPORT_ANSWER_HOURS = 24
