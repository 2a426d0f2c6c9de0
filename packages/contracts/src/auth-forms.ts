import { z } from 'zod'
import { AdminRegisterFieldsSchema, RegisterFieldsSchema, ResetPasswordConfirmBodySchema } from './accounts-api.ts'
import { AUTH_MESSAGES as M } from './auth-messages.ts'

/**
 * The sign-up and reset forms of docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor': the fields the API takes (accounts-api.ts) plus the
 * password confirmation only the form has, with the texts the screens show. Login and Forgot Password
 * forms use LoginBodySchema and ResetPasswordRequestBodySchema as they are.
 */

/** Checks "confirmation matches" only once it is filled in, so each field shows one message. */
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

/** New password required, at least 6 characters; confirmation must match. */
export const ResetPasswordFormSchema = passwordsMatch(
  z.object({
    password: z.string().min(1, M.passwordRequired).pipe(ResetPasswordConfirmBodySchema.shape.newPassword),
    confirmPassword: z.string(),
  }),
  M.passwordsDoNotMatch,
)
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>

/** The admin register page. Whether a code was requested first is the page's state, not a field. */
export const AdminRegisterFormSchema = passwordsMatch(
  AdminRegisterFieldsSchema.extend({ confirmPassword: z.string().min(1, M.confirmPasswordRequired) }),
  M.passwordsDoNotMatch,
)
export type AdminRegisterForm = z.infer<typeof AdminRegisterFormSchema>

/** The business register page (the four documents are checked as files by the page). */
export const BusinessRegisterFormSchema = passwordsMatch(
  RegisterFieldsSchema.extend({
    confirmPassword: z.string(),
    // The form starts with no state chosen ('').
    state: z.string().pipe(RegisterFieldsSchema.shape.state),
  }),
  M.registerPasswordsDoNotMatch,
)
export type BusinessRegisterForm = z.infer<typeof BusinessRegisterFormSchema>
