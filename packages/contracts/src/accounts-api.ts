import { z } from 'zod'
import { AdminSearchSchema, PageQuerySchema } from './admin.ts'
import { UserViewSchema } from './auth.ts'
import { AUTH_MESSAGES as M, SESSION_MESSAGES } from './auth-messages.ts'
import { PaymentDisputeViewSchema } from './disputes.ts'
import { ADMIN_CODE_MIN_LENGTH, PASSWORD_MAX, PASSWORD_MIN_REGISTER_PAGE, PASSWORD_MIN_SHARED } from './limits.ts'
import { UPDATE_PROFILE_MESSAGES } from './member-messages.ts'
import { REGIONS } from './states.ts'
import { imageFileProblem } from './uploads.ts'

/** Request and answer schemas of the accounts calls (docs/product.md, 'Accounts and sessions'), shared by the API and the web app. */

const email = z.string().trim().toLowerCase().min(1, M.emailRequired).max(254).pipe(z.email(M.emailInvalid))
const name = (message: string) => z.string().trim().min(1, message).max(100)
const phone = (message: string) => z.string().trim().min(1, message).max(40)

/** POST /auth/login, form-urlencoded. docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor': email trimmed and lowercased, password trimmed. */
export const LoginBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, M.emailRequired).max(254),
  password: z.string().trim().min(1, M.passwordRequired).max(PASSWORD_MAX),
  /** The authenticator or recovery code, asked for only when the account has two-factor on. */
  code: z.string().trim().max(64).optional(),
})

/** POST /auth/register, multipart text fields (business register page: passwords of at least 8). */
export const RegisterFieldsSchema = z.object({
  fname: name(M.firstNameRequired),
  lname: name(M.lastNameRequired),
  email,
  phone: phone(M.phoneRequired),
  password: z.string().min(PASSWORD_MIN_REGISTER_PAGE, M.registerPasswordMin8).max(PASSWORD_MAX),
  state: z.enum(REGIONS, { message: M.stateRequired }),
})
export const REGISTRATION_DOCUMENTS = ['frontId', 'backId', 'businessDocument', 'coi'] as const

/** POST /auth/admin-register, multipart text fields (admin register page: passwords of at least 8). */
export const AdminRegisterFieldsSchema = z.object({
  fname: name(M.firstNameRequired),
  lname: name(M.lastNameRequired),
  email,
  phone: phone(M.phoneNumberRequired),
  company: z.string().trim().min(1, M.companyNameRequired).max(200),
  password: z.string().min(PASSWORD_MIN_REGISTER_PAGE, M.passwordMin8).max(PASSWORD_MAX),
  adminCode: z.string().trim().min(ADMIN_CODE_MIN_LENGTH, M.registrationCodeRequired).max(64),
})

export const ResetPasswordRequestBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, M.forgotPasswordEmailRequired).max(254),
})
export const ResetPasswordConfirmBodySchema = z.object({
  token: z.string().min(1, M.resetLinkInvalid).max(200),
  newPassword: z.string().min(PASSWORD_MIN_SHARED, M.passwordMin6).max(PASSWORD_MAX),
})

export const AdminCodeRequestBodySchema = z.object({
  email,
  firstName: name(M.firstNameRequired),
  lastName: name(M.lastNameRequired),
})
export const AdminCodeValidateBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, M.validateNeedsEmailAndCode).max(254),
  code: z.string().trim().min(1, M.validateNeedsEmailAndCode).max(64),
})
export const AdminCodeValidateAnswerSchema = z.object({ valid: z.boolean(), message: z.string() })

/** An admin account as the super admin's lists show it (docs/product.md, 'The API contract', 'Super admin'). */
export const AdminAccountSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  adminApprovalNotes: z.string().nullable(),
})
export type AdminAccount = z.infer<typeof AdminAccountSchema>
export const AdminAccountListSchema = z.array(AdminAccountSchema)

/** docs/product.md, 'The API contract', 'Super admin': the acting super admin is named by e-mail; the server checks it is the signed-in one. */
export const SuperAdminQuerySchema = z.object({ superAdminEmail: z.string().trim().toLowerCase().max(254).optional() })
export const ApproveAdminBodySchema = z.object({
  superAdminEmail: z.string().trim().toLowerCase().max(254).optional(),
  adminId: z.uuid(),
  approvalNotes: z.string().trim().max(1000).optional(),
})
export const RejectAdminBodySchema = z.object({
  superAdminEmail: z.string().trim().toLowerCase().max(254).optional(),
  adminId: z.uuid(),
  rejectionNotes: z.string().trim().max(1000).optional(),
})

/** POST /super-admin/create takes its values in the query string (docs/product.md, 'The API contract', 'Super admin'); names have defaults. */
export const CreateSuperAdminQuerySchema = z.object({
  email,
  password: z.string().trim().min(PASSWORD_MIN_REGISTER_PAGE, M.passwordMin8).max(PASSWORD_MAX),
  fname: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || 'Super'),
  lname: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || 'Admin'),
  phone: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => value || null),
})

/** The super admin's "Create super admin" form: the query's rules, a field left empty being left out of the query. */
export const CreateSuperAdminFormSchema = z.object({
  email: CreateSuperAdminQuerySchema.shape.email,
  password: CreateSuperAdminQuerySchema.shape.password,
  fname: z.string().trim().max(100),
  lname: z.string().trim().max(100),
  phone: z.string().trim().max(40),
})
export type CreateSuperAdminForm = z.infer<typeof CreateSuperAdminFormSchema>

/** The default notes of an approval or a rejection, and the notes of a revocation. */
export const APPROVAL_NOTES = {
  approved: 'Approved by super admin',
  rejected: 'Rejected by super admin',
  revoked: 'Revoked by super admin',
  bulkApproved: 'Bulk approved',
  bulkRejected: 'Bulk rejected',
} as const

/**
 * A revocation's reason travels inside the documented rejectionNotes as "Revoked by super admin: <reason>", so the
 * reject call of docs/product.md, 'The API contract', 'Super admin', keeps its payload, the bare documented notes stay a revocation too, and the notes
 * alone tell a revocation from a rejection wherever they are read.
 */
const REVOKED_WITH_REASON = `${APPROVAL_NOTES.revoked}: `
export const revocationNotes = (reason: string) => `${REVOKED_WITH_REASON}${reason.trim()}`
export const isRevocationNotes = (notes: string) => notes === APPROVAL_NOTES.revoked || notes.startsWith(REVOKED_WITH_REASON)
/** The reason a super admin gave, without the revocation's prefix; the notes as they are otherwise. */
export const decisionReason = (notes: string) => (notes.startsWith(REVOKED_WITH_REASON) ? notes.slice(REVOKED_WITH_REASON.length) : notes)

export const REVOKE_REASON_MIN = 5
/** rejectionNotes holds at most 1000 characters, the prefix included. */
export const REVOKE_REASON_MAX = 900

/** Texts of our own, beside the client-side ones the screens show. */
export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  adminPendingApproval: 'Your admin account is pending super admin approval.',
  accountDisabled: 'This account can no longer sign in. Contact support.',
  emailTaken: 'An account with this email already exists.',
  commonPassword: 'This password is too common. Choose a less predictable one.',
  breachedPassword: 'This password has appeared in a data breach, so others may try it. Choose another one.',
  registered: 'Registration successful. Please log in.',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  resetInvalid: 'Invalid reset link. Please request a new password reset.',
  passwordUpdated: 'Password updated successfully.',
  codeSent: 'Registration code sent successfully! Check your email.',
  codeValid: 'Registration code is valid!',
  codeInvalid: 'Invalid registration code',
  adminRegistered: 'Admin account created successfully! Pending super admin approval. You will be notified once approved.',
  onlySuperAdmins: 'Only approved super admins can perform this action.',
  superAdminCreated: 'Super admin created successfully.',
  adminApproved: 'Admin account approved successfully!',
  adminRejected: 'Admin account rejected successfully!',
  notAnAdminAccount: 'That account is not an admin account.',
  cannotActOnSelf: 'You cannot change your own approval.',
  lastSuperAdmin: 'This is the last approved super admin, so it cannot be revoked. Create another super admin first.',
  lastSuperAdminDeletion: 'This is the last approved super admin, so it cannot be deleted. Create another super admin first.',
  revokeReasonRequired: `Give a reason for revoking (at least ${REVOKE_REASON_MIN} characters).`,
  revokeReasonTooLong: `Keep the reason under ${REVOKE_REASON_MAX} characters.`,
  adminRevoked: 'Admin access revoked.',
  sessionExpired: SESSION_MESSAGES.sessionExpired,
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app (or a recovery code).',
  twoFactorInvalid: 'Invalid authentication code.',
  twoFactorLocked:
    'Too many wrong authentication codes for this account. Try again in 15 minutes, or reset your password if these attempts were not yours.',
  loginRequired: 'Please log in to continue.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  accountSlowedDown: 'Too many failed sign-ins for this account. Try again in a few minutes.',
  userDetailsUpdated: 'User details updated successfully.',
} as const

/**
 * GET /auth/getUserProfile/{id}: the `user` of docs/product.md, 'Accounts and sessions', with its fields at the top level, plus authenticated links to the
 * latest ID and insurance images (frontId, backId, insurance and their *Image twins name the same links).
 */
export const UserDetailsAnswerSchema = UserViewSchema.extend({
  frontId: z.string().nullable(),
  backId: z.string().nullable(),
  insurance: z.string().nullable(),
  frontIdImage: z.string().nullable(),
  backIdImage: z.string().nullable(),
  insuranceImage: z.string().nullable(),
  /** Answered to admins only: the member's payment disputes, newest first (docs/decisions/028). */
  disputes: z.array(PaymentDisputeViewSchema).optional(),
})
export type UserDetails = z.infer<typeof UserDetailsAnswerSchema>

/** An optional image input: nothing chosen is fine, a chosen file must pass the upload rule. */
const optionalImage = z
  .custom<ArrayLike<File>>()
  .optional()
  .superRefine((files, ctx) => {
    const file = files?.[0]
    const problem = file ? imageFileProblem(file) : null
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/**
 * The text fields of PUT /auth/updateProfile as the server reads them from the multipart body (docs/product.md, 'Accounts and sessions'):
 * names required, phone and state optional; the images beside them are checked by the upload rule.
 */
export const UpdateProfileFieldsSchema = z.object({
  fname: z.string().trim().min(1, M.firstNameRequired).max(100),
  lname: z.string().trim().min(1, M.lastNameRequired).max(100),
  phone: z.string().trim().max(40).optional(),
  state: z.enum(REGIONS, { message: M.stateRequired }).optional(),
})

/** The Update Profile form of PUT /auth/updateProfile (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Profile and account): names required, the rest optional. */
export const UpdateUserDetailsFormSchema = z.object({
  fname: z.string().trim().min(1, UPDATE_PROFILE_MESSAGES.firstNameRequired),
  lname: z.string().trim().min(1, UPDATE_PROFILE_MESSAGES.lastNameRequired),
  phone: z.string().trim(),
  state: z.string(),
  frontId: optionalImage,
  backId: optionalImage,
  insurance: optionalImage,
})
export type UpdateUserDetailsForm = z.infer<typeof UpdateUserDetailsFormSchema>

/** The super admin's revoke dialog: a reason is required, so every revocation says why. */
export const RevokeAdminFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(REVOKE_REASON_MIN, ACCOUNT_MESSAGES.revokeReasonRequired)
    .max(REVOKE_REASON_MAX, ACCOUNT_MESSAGES.revokeReasonTooLong),
})
export type RevokeAdminForm = z.infer<typeof RevokeAdminFormSchema>

/** GET /admin-approval/rejected: one page of rejected and revoked admins, optionally searched like the admin lists. */
export const DecidedAdminsQuerySchema = PageQuerySchema.extend({
  superAdminEmail: SuperAdminQuerySchema.shape.superAdminEmail,
  search: AdminSearchSchema,
})

/** A rejected or revoked admin with who decided, when and why (from the action log; null for decisions older than it). */
export const DecidedAdminSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  role: z.enum(['ADMIN', 'SUPER_ADMIN']),
  kind: z.enum(['REJECTED', 'REVOKED']),
  reason: z.string().nullable(),
  decidedAt: z.string(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type DecidedAdmin = z.infer<typeof DecidedAdminSchema>
export const DecidedAdminListSchema = z.array(DecidedAdminSchema)
