import { z } from 'zod'
import type { PremiumAccess } from './premium-access.ts'
import { SERVICE_PLANS, type ServicePlan, TURNAROUND_MINUTES } from './turnaround.ts'

export * from './turnaround.ts'

export const ServicePlanSchema = z.enum(SERVICE_PLANS)

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
