import { z } from 'zod'
import { RoleSchema } from './roles.ts'
import { SubscriptionStatusSchema, SubscriptionTierSchema } from './subscription.ts'

/** The `user` of docs/product.md, 'Accounts and sessions', as the API shows it to its owner. Never a password hash, token or other secret. */
export const UserSubscriptionSchema = z.object({
  tier: SubscriptionTierSchema,
  status: SubscriptionStatusSchema,
  trial: z.boolean(),
  trialEndsAt: z.string().nullable(),
  activated: z.boolean(),
})

export const UserViewSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: RoleSchema,
  state: z.string().nullable(),
  company: z.string().nullable(),
  isActive: z.boolean(),
  isValidatedUser: z.boolean(),
  trialEndsAt: z.string().nullable(),
  subscription: UserSubscriptionSchema,
})
export type UserView = z.infer<typeof UserViewSchema>

/** POST /auth/login answer; accessToken is for clients that send it as a bearer header (docs/product.md, 'Conventions'). */
export const LoginAnswerSchema = z.object({ user: UserViewSchema, accessToken: z.string() })
/** GET /auth/me answer. */
export const MeAnswerSchema = z.object({ user: UserViewSchema })
