import { z } from 'zod'

export const LoginEntrySchema = z.object({
  signedInAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
})
export type LoginEntry = z.infer<typeof LoginEntrySchema>

/** GET /user/security (docs/product.md, 'Member area, files, chat and support'). */
export const SecuritySchema = z.object({
  twoFactorEnabled: z.boolean(),
  fingerprintEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  loginHistory: z.array(LoginEntrySchema),
  /** False when the member chose to receive keycodes in the account only. */
  keycodesByEmail: z.boolean(),
  /**
   * What adding a sign-in factor (an authenticator app or a passkey) asks of this account (decision 025): any account
   * the password or a current code; one whose admin powers need a second factor, a factor it already has, or for the
   * first one the password with a code mailed to its own address.
   */
  enrolmentProof: z.enum(['password-or-code', 'existing-factor', 'password-and-mailed-code']),
})
export type EnrolmentProofKind = z.infer<typeof SecuritySchema>['enrolmentProof']
export type Security = z.infer<typeof SecuritySchema>

/**
 * Proof that the person at the keyboard is the account's owner, not only someone holding its session: the current
 * password, or a current code from the authenticator app (or a recovery code). Switching two-factor off and
 * enrolling an authenticator ask for one.
 */
export const OwnerProofSchema = z.object({
  currentPassword: z.string().max(200).optional(),
  code: z.string().trim().max(20).optional(),
  /** The code mailed by POST /user/security/enrolment-code, with the password: an admin's first factor (decision 025). */
  mailedCode: z.string().trim().max(20).optional(),
})
export type OwnerProof = z.infer<typeof OwnerProofSchema>

/** PUT /user/security (docs/product.md, 'Member area, files, chat and support'): JSON with a twoFactor or fingerprint boolean (twoFactor false also needs a proof). */
export const UpdateSecurityBodySchema = z
  .object({
    twoFactor: z.boolean().optional(),
    fingerprint: z.boolean().optional(),
    keycodesByEmail: z.boolean().optional(),
    ...OwnerProofSchema.shape,
  })
  .refine((body) => body.twoFactor !== undefined || body.fingerprint !== undefined || body.keycodesByEmail !== undefined, {
    message: 'Send twoFactor, fingerprint or keycodesByEmail.',
  })
export type UpdateSecurityBody = z.infer<typeof UpdateSecurityBodySchema>

export const LOGIN_HISTORY_SHOWN = 10

/** POST /user/security/two-factor/setup: what the authenticator app needs (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor': admins need one when REQUIRE_ADMIN_2FA is on). */
export const TwoFactorSetupAnswerSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG image of the otpauth URL as a data URL, for the app to scan. */
  qrCode: z.string(),
})
export type TwoFactorSetupAnswer = z.infer<typeof TwoFactorSetupAnswerSchema>

export const TwoFactorCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app.'),
})

/** POST /user/security/two-factor/enable: the recovery codes, shown once. */
export const TwoFactorEnabledAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) })

/** POST /user/security/two-factor/setup JSON: the owner's proof. */
export const TwoFactorSetupBodySchema = OwnerProofSchema
export type TwoFactorSetupBody = z.infer<typeof TwoFactorSetupBodySchema>

/** POST /user/security/enrolment-code JSON: the password, checked before a code is mailed. */
export const EnrolmentCodeBodySchema = z.object({ currentPassword: z.string().min(1, 'Enter your current password.').max(200) })

/** How long a mailed enrolment code works. */
export const ENROLMENT_CODE_MINUTES = 10

export const TWO_FACTOR_MESSAGES = {
  proofRequired: 'Enter your current password, or a code from your authenticator app, to change two-factor authentication.',
  proofInvalid: 'That password or code is not right. Try again.',
  setupFirst: 'Set up your authenticator app first, then confirm it with a code.',
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  noSetupPending: 'Start the set-up again: no authenticator is waiting for confirmation.',
  existingFactorNeeded:
    'An admin account adds a sign-in factor with one it already has: enter a code from your authenticator app, or sign in with your passkey and try again.',
  mailedCodeNeeded: 'Enter your current password and the code we e-mailed you. Choose "E-mail me a code" to get one.',
  mailedCodeInvalid: 'That e-mailed code is not right or has expired. Choose "E-mail me a code" to get a new one.',
  mailedCodeSent: `We e-mailed you a code. Enter it with your password within ${ENROLMENT_CODE_MINUTES} minutes.`,
} as const

export const RECOVERY_CODE_COUNT = 10
