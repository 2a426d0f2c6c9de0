import { z } from 'zod'

/**
 * The days a back-office filter may name (the action log, the releases export). Every entry and release falls
 * between them; outside them year 0000 and the day after 9999-12-31 have no PostgreSQL timestamp, and the database
 * refused such a filter with a 500.
 */
export const FILTER_FIRST_DAY = '2000-01-01'
export const FILTER_LAST_DAY = '2999-12-31'
export const FILTER_DAY_RANGE_MESSAGE = `Give a day from ${FILTER_FIRST_DAY} to ${FILTER_LAST_DAY}.`

/** A UTC day as YYYY-MM-DD within the filters' days; `message` is the refusal of text that is no such day. */
export const filterDaySchema = (message: string) =>
  // Both sides are YYYY-MM-DD with four-digit years, so comparing the text compares the days.
  z.iso.date(message).refine((day) => day >= FILTER_FIRST_DAY && day <= FILTER_LAST_DAY, FILTER_DAY_RANGE_MESSAGE)
