import { z } from 'zod'
import { isCanadianProvince, LOCKSMITH_LICENSE_STATES } from './states.ts'

export const RequiredDocSchema = z.enum(['STATE_LOCKSMITH_LICENSE', 'PHOTO_ID'])
export type RequiredDoc = z.infer<typeof RequiredDocSchema>

/** How the required documents are displayed. */
export const REQUIRED_DOC_LABELS: Record<RequiredDoc, string> = {
  STATE_LOCKSMITH_LICENSE: 'State locksmith license',
  PHOTO_ID: 'Government photo ID',
}

/** GET /compliance/status (docs/product.md, 'Plans, trial and compliance'). */
export const ComplianceStatusSchema = z.object({
  required: z.boolean(),
  requiredDocs: z.array(RequiredDocSchema),
  message: z.string(),
  jurisdiction: z.string(),
})
export type ComplianceStatus = z.infer<typeof ComplianceStatusSchema>

export const ComplianceStatusQuerySchema = z.object({ state: z.string().trim().max(60).optional() })

export const GENERAL_ELIGIBILITY = [
  'You are 18 or older.',
  'You work as an automotive locksmith, automotive technician or security provider.',
  'You hold a government photo ID and, where your state requires one, a locksmith license.',
  'You request codes only for vehicles you are authorised to work on.',
] as const

export const REQUIREMENTS_LOAD_FAILED = 'Unable to load requirements.'

/** The rule for a jurisdiction: states listed in docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor' need a locksmith licence; everyone needs a photo ID. */
export function complianceStatusFor(state: string | null | undefined): ComplianceStatus {
  const known = LOCKSMITH_LICENSE_STATES.find((name) => name.toLowerCase() === state?.trim().toLowerCase())
  if (known) {
    return {
      required: true,
      requiredDocs: ['STATE_LOCKSMITH_LICENSE', 'PHOTO_ID'],
      message: `${known} requires a state locksmith license. Upload it with a government photo ID before ordering keycodes.`,
      jurisdiction: known,
    }
  }
  if (isCanadianProvince(state)) {
    return {
      required: false,
      requiredDocs: ['PHOTO_ID'],
      message: `Keydesk's locksmith-license list covers US states only; for ${state?.trim()} a government photo ID is required, and provincial rules on locksmith work are yours to follow.`,
      jurisdiction: state?.trim() ?? 'Canada',
    }
  }
  return {
    required: false,
    requiredDocs: ['PHOTO_ID'],
    message: state
      ? `${state.trim()} does not require a state locksmith license. A government photo ID is still required.`
      : 'Some states require a locksmith license. Every customer needs a government photo ID.',
    jurisdiction: state?.trim() || 'United States and Canada',
  }
}
