import { z } from 'zod'

export const LoginEntrySchema = z.object({
  signedInAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
})
export type LoginEntry = z.infer<typeof LoginEntrySchema>

/** Spec 3 "Security". */
export const SecuritySchema = z.object({
  twoFactorEnabled: z.boolean(),
  fingerprintEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  loginHistory: z.array(LoginEntrySchema),
})
export type Security = z.infer<typeof SecuritySchema>

/** Spec 7.7: PUT /user/security JSON with a twoFactor or fingerprint boolean. */
export const UpdateSecurityBodySchema = z
  .object({ twoFactor: z.boolean().optional(), fingerprint: z.boolean().optional() })
  .refine((body) => body.twoFactor !== undefined || body.fingerprint !== undefined, { message: 'Send twoFactor or fingerprint.' })
export type UpdateSecurityBody = z.infer<typeof UpdateSecurityBodySchema>

export const LOGIN_HISTORY_SHOWN = 10
