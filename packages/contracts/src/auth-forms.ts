import { z } from 'zod'
import { AUTH_MESSAGES as M } from './auth-messages.ts'
import { ADMIN_CODE_MIN_LENGTH, PASSWORD_MAX, PASSWORD_MIN_REGISTER_PAGE, PASSWORD_MIN_SHARED } from './limits.ts'

/**
 * The sign-in, sign-up and reset forms of spec 2.3 with the validation rules and texts of spec 5.
 * The web app validates with them before sending; the API may reuse the field rules.
 */

const requiredEmail = (requiredMessage: string) => z.string().trim().toLowerCase().min(1, requiredMessage)
const validEmail = requiredEmail(M.emailRequired).pipe(z.email(M.emailInvalid))
const requiredText = (message: string) => z.string().trim().min(1, message)

/** Checks "confirmation matches" only once both passwords are filled in, so each field shows one message. */
function passwordsMatch<S extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: S, message: string): S {
  return schema.refine((form) => form.password === form.confirmPassword, {
    message,
    path: ['confirmPassword'],
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown }
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string' && form.confirmPassword !== ''
    },
  })
}

/** Spec 5: email and password required; email trimmed and lowercased, password trimmed. */
export const LoginFormSchema = z.object({
  email: requiredEmail(M.emailRequired),
  password: z.string().trim().min(1, M.passwordRequired).max(PASSWORD_MAX),
})
export type LoginForm = z.infer<typeof LoginFormSchema>

export const ForgotPasswordFormSchema = z.object({ email: requiredEmail(M.forgotPasswordEmailRequired) })
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>

/** Spec 5: new password required, at least 6 characters; confirmation must match. */
export const ResetPasswordFormSchema = passwordsMatch(
  z.object({
    password: z.string().min(1, M.passwordRequired).min(PASSWORD_MIN_SHARED, M.passwordMin6).max(PASSWORD_MAX),
    confirmPassword: z.string(),
  }),
  M.passwordsDoNotMatch,
)
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>

/** Spec 5, admin register page. Whether a code was requested first is the page's state, not a field. */
export const AdminRegisterFormSchema = passwordsMatch(
  z.object({
    fname: requiredText(M.firstNameRequired),
    lname: requiredText(M.lastNameRequired),
    email: validEmail,
    company: requiredText(M.companyNameRequired),
    phone: requiredText(M.phoneNumberRequired),
    password: z.string().min(1, M.passwordRequired).min(PASSWORD_MIN_REGISTER_PAGE, M.passwordMin8).max(PASSWORD_MAX),
    confirmPassword: z.string().min(1, M.confirmPasswordRequired),
    adminCode: z.string().trim().min(ADMIN_CODE_MIN_LENGTH, M.registrationCodeRequired),
  }),
  M.passwordsDoNotMatch,
)
export type AdminRegisterForm = z.infer<typeof AdminRegisterFormSchema>

/** Spec 5, business register page (the four documents are checked as files by the page). */
export const BusinessRegisterFormSchema = passwordsMatch(
  z.object({
    fname: requiredText(M.firstNameRequired),
    lname: requiredText(M.lastNameRequired),
    email: validEmail,
    phone: requiredText(M.phoneRequired),
    password: z.string().min(1, M.passwordRequired).min(PASSWORD_MIN_REGISTER_PAGE, M.registerPasswordMin8).max(PASSWORD_MAX),
    confirmPassword: z.string(),
    state: z.string().min(1, M.stateRequired),
  }),
  M.registerPasswordsDoNotMatch,
)
export type BusinessRegisterForm = z.infer<typeof BusinessRegisterFormSchema>
