import { z } from 'zod'
import type { PremiumAccess } from './premium-access.ts'

/**
 * The turnaround a paid keycode request is promised, fixed by what the buyer held when the payment completed
 * (docs/decisions/016): the upper bound of each plan's processing promise, and the payment success page's
 * 48 hours for buyers without a plan and for guests.
 */
export const ServicePlanSchema = z.enum(['ENTERPRISE', 'PROFESSIONAL', 'TRIAL', 'BASIC', 'NONE'])
export type ServicePlan = z.infer<typeof ServicePlanSchema>

export const TURNAROUND_MINUTES: Record<ServicePlan, number> = {
  ENTERPRISE: 30,
  PROFESSIONAL: 60,
  TRIAL: 60,
  BASIC: 24 * 60,
  NONE: 48 * 60,
}

export const SERVICE_PLAN_LABELS: Record<ServicePlan, string> = {
  ENTERPRISE: 'Enterprise',
  PROFESSIONAL: 'Professional',
  TRIAL: 'Free trial',
  BASIC: 'Basic',
  NONE: 'No plan',
}

export function servicePlanOf(access: PremiumAccess): ServicePlan {
  if (access.type === 'trial') return 'TRIAL'
  return access.tier
}

export const dueAtFor = (plan: ServicePlan, paidAt: Date) => new Date(paidAt.getTime() + TURNAROUND_MINUTES[plan] * 60_000)

/** Below this share of its turnaround left, a request is shown as close to its deadline. */
export const DUE_SOON_SHARE = 0.25

export type Urgency = 'overdue' | 'due-soon' | 'on-time'

export function urgencyOf(request: { paidAt: string | Date; dueAt: string | Date }, now: Date): Urgency {
  const paid = new Date(request.paidAt).getTime()
  const due = new Date(request.dueAt).getTime()
  const left = due - now.getTime()
  if (left <= 0) return 'overdue'
  return left < (due - paid) * DUE_SOON_SHARE ? 'due-soon' : 'on-time'
}
