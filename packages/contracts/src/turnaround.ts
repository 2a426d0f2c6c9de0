import { TIER_LABELS } from './subscription-constants.ts'

/**
 * The turnaround a paid keycode request is promised, fixed by what the buyer held when the payment completed
 * (docs/decisions/016): the upper bound of each plan's processing promise, and 48 hours for buyers without a plan and
 * for guests. Apart from service-levels.ts, without its schema, because the home page and the plan cards say it.
 */
export const SERVICE_PLANS = ['ENTERPRISE', 'PROFESSIONAL', 'TRIAL', 'BASIC', 'NONE'] as const
export type ServicePlan = (typeof SERVICE_PLANS)[number]

export const TURNAROUND_MINUTES: Record<ServicePlan, number> = {
  ENTERPRISE: 30,
  PROFESSIONAL: 60,
  TRIAL: 60,
  BASIC: 24 * 60,
  NONE: 48 * 60,
}

/** The plans' one name (TIER_LABELS), and the trial's. */
export const SERVICE_PLAN_LABELS: Record<ServicePlan, string> = {
  ENTERPRISE: TIER_LABELS.ENTERPRISE,
  PROFESSIONAL: TIER_LABELS.PROFESSIONAL,
  TRIAL: 'Free trial',
  BASIC: TIER_LABELS.BASIC,
  NONE: TIER_LABELS.NONE,
}

/** A turnaround in words: "30 minutes", "1 hour", "24 hours". */
export function durationText(minutes: number): string {
  if (minutes % 60 !== 0) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  const hours = minutes / 60
  return hours === 1 ? '1 hour' : `${hours} hours`
}

/** A plan's promise as the screens state it: "within 1 hour". */
export const turnaroundText = (plan: ServicePlan) => `within ${durationText(TURNAROUND_MINUTES[plan])}`
