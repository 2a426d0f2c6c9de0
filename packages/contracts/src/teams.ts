import { z } from 'zod'
import { RegisterFieldsSchema } from './accounts-api.ts'
import { AUTH_MESSAGES } from './auth-messages.ts'
import { RequestStatusSchema } from './request-status.ts'
import { ServicePlanSchema } from './service-levels.ts'
import { TEAM_INVITATION_DAYS } from './team-plan.ts'

export { TEAM_INVITATION_DAYS, TEAM_PLAN_TIER } from './team-plan.ts'

import { REGIONS } from './states.ts'

/**
 * Enterprise teams (docs/product.md, 'Enterprise teams'; docs/decisions/039): an Enterprise business's locations, the
 * people it invites to them as managers or technicians, and the invitations. Shared by the API and the web app.
 */

export const TEAM_ROLES = ['MANAGER', 'TECHNICIAN'] as const
export const TeamRoleSchema = z.enum(TEAM_ROLES)
export type TeamRole = z.infer<typeof TeamRoleSchema>

/** Where someone stands in a business: its owner, or one of the people it invited. */
export const TeamPositionSchema = z.enum(['OWNER', ...TEAM_ROLES])
export type TeamPosition = z.infer<typeof TeamPositionSchema>

export const TEAM_ROLE_LABELS: Record<TeamPosition, string> = {
  OWNER: 'Owner',
  MANAGER: 'Manager',
  TECHNICIAN: 'Technician',
}

/** What each position may do, in the words the Team screens and the plan cards show. */
export const TEAM_ROLE_POWERS: Record<TeamPosition, string> = {
  OWNER: 'Creates locations, invites managers and technicians, and sees every order of the business',
  MANAGER: 'Orders for the locations given to them, sees their orders and invites technicians to them',
  TECHNICIAN: 'Orders for their location and sees their own orders',
}

export const TEAM_MESSAGES = {
  ownerOnly: 'Only the owner of a validated business on the Enterprise plan manages its locations.',
  notOnTeam: 'Only the owner and the managers of an Enterprise business manage its team.',
  notEnterprise: "Your business's Enterprise plan has ended, so its team cannot order or invite until the owner renews it.",
  locationUnknown: 'That location is not one of yours.',
  personUnknown: 'That person is not on your team.',
  invitationUnknown: 'That invitation is not one of yours.',
  managerInvitesTechnicians: 'A manager invites technicians only, to the locations given to them.',
  invitationInvalid: 'This invitation link is not valid. Ask the business that invited you for a new one.',
  invitationExpired: 'This invitation has expired. Ask the business that invited you for a new one.',
  invitationWithdrawn: 'This invitation was withdrawn by the business.',
  invitationUsed: 'This invitation was already used. Log in with the account it created.',
  invitationClosed: 'This invitation is no longer open.',
  chooseLocation: 'Choose the location this order is for.',
  leftTeam: 'This order was placed for a business you no longer order for.',
  planOfBusiness: "You order on your business's Enterprise plan, so you buy no plan or trial of your own.",
  alreadyInvited: 'This e-mail already has an open invitation to your team.',
  invited: `Invitation sent. The link works once, for ${TEAM_INVITATION_DAYS} days.`,
  withdrawn: 'Invitation withdrawn.',
  joined: 'Welcome to the team. Your photo ID is reviewed by our team before your first keycode is released.',
  joinedWithAccount: 'Welcome to the team. You now order for the business, on its Enterprise plan.',
  signInToJoin: 'This e-mail already has a Keydesk account. Log in with it, then open this link again to join the team.',
  otherAccount: 'This invitation is for another e-mail address. Log out, then log in with the invited address to join.',
  alreadyOnTeam: "Your account is already on a business's team. One account joins one business.",
  ownPlan:
    "Your account holds a plan or trial of its own. Cancel it and let it end before you join a business's team, which orders on the business's plan.",
  ownTeam: "Your account is a business with locations of its own, so it cannot join another business's team.",
  locationCreated: 'Location created.',
  locationRemoved: 'Location removed. Its people were signed out and its open invitations withdrawn.',
  personChanged: 'Role and locations saved.',
  personRemoved: 'Removed from the team and signed out everywhere.',
} as const

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max)

/** POST /team/locations. */
export const LocationBodySchema = z.object({
  name: text(100, 'Enter the location name.'),
  address: text(200, 'Enter the address.'),
  region: z.enum(REGIONS, { message: 'Choose the state or province.' }),
  phone: text(40, 'Enter the phone number.'),
})
export type LocationBody = z.infer<typeof LocationBodySchema>

export const TeamLocationSchema = LocationBodySchema.extend({ id: z.uuid(), createdAt: z.string() })
export type TeamLocation = z.infer<typeof TeamLocationSchema>

/** POST /team/invitations. */
export const InvitationBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter an e-mail address.').max(254).pipe(z.email('Enter a valid e-mail address.')),
  role: TeamRoleSchema,
  locationId: z.uuid('Choose a location.'),
})
export type InvitationBody = z.infer<typeof InvitationBodySchema>

export const TeamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: TeamRoleSchema,
  locationId: z.uuid(),
  locationName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
})
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>

export const TeamPersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  locations: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Whether an admin validated the person's photo ID: until then none of their keycodes is released. */
  validated: z.boolean(),
  joinedAt: z.string(),
})
export type TeamPerson = z.infer<typeof TeamPersonSchema>

/** GET /team: what the caller manages; a manager sees the locations given to them and the people and invitations there. */
export const TeamAnswerSchema = z.object({
  business: z.object({ id: z.uuid(), name: z.string() }),
  position: TeamPositionSchema,
  /** False once the business left Enterprise: the screens say why nothing can be ordered or invited. */
  enterpriseActive: z.boolean(),
  locations: z.array(TeamLocationSchema),
  people: z.array(TeamPersonSchema),
  invitations: z.array(TeamInvitationSchema),
})
export type TeamAnswer = z.infer<typeof TeamAnswerSchema>

/** GET /team/membership: the business the caller works for, or null for anyone not on a team. */
export const TeamMembershipSchema = z
  .object({
    business: z.object({ id: z.uuid(), name: z.string() }),
    position: TeamPositionSchema,
    enterpriseActive: z.boolean(),
    locations: z.array(z.object({ id: z.uuid(), name: z.string() })),
    /** Why ordering for the business is closed, in words; null while it is open. */
    closedReason: z.string().nullable(),
  })
  .nullable()
export type TeamMembership = z.infer<typeof TeamMembershipSchema>

/** PATCH /team/people/{id}: the owner changes a person's role and locations (a technician works for one). */
export const PersonChangeBodySchema = z
  .object({
    role: TeamRoleSchema,
    locationIds: z.array(z.uuid()).min(1, 'Choose at least one location.').max(200),
  })
  .refine((body) => body.role === 'MANAGER' || body.locationIds.length === 1, {
    message: 'A technician works for one location.',
    path: ['locationIds'],
  })
export type PersonChangeBody = z.infer<typeof PersonChangeBodySchema>

/** POST /team-invitation/preview: what the invitee sees before accepting. */
export const InvitationTokenBodySchema = z.object({ token: z.string().trim().min(1, TEAM_MESSAGES.invitationInvalid).max(200) })

export const InvitationPreviewSchema = z.object({
  businessName: z.string(),
  locationName: z.string(),
  role: TeamRoleSchema,
  email: z.string(),
  expiresAt: z.string(),
})
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>

/**
 * POST /team-invitation/accept, multipart text fields: the sign-up's own fields but the e-mail (the invitation's) and
 * the business documents (the business's cover the team); the photo ID's two sides come as files.
 */
export const AcceptInvitationFieldsSchema = RegisterFieldsSchema.omit({ email: true }).extend({
  token: InvitationTokenBodySchema.shape.token,
})
export const INVITATION_DOCUMENTS = ['frontId', 'backId'] as const

/** The invitation page's form: the fields the API takes but the token (the link's), with the password typed twice. */
export const JoinTeamFormSchema = AcceptInvitationFieldsSchema.omit({ token: true })
  .extend({
    confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmPasswordRequired),
    // The form starts with no state chosen ('').
    state: z.string().pipe(RegisterFieldsSchema.shape.state),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.registerPasswordsDoNotMatch,
    path: ['confirmPassword'],
  })
export type JoinTeamForm = z.infer<typeof JoinTeamFormSchema>

/** How many orders a page of the business's order list holds. */
export const TEAM_ORDERS_PAGE_SIZE = 50

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month.')

/**
 * GET /team/orders: the business's orders the caller reaches (the owner all, a manager their locations', a technician
 * their own), newest first, filtered by location, person, status and month; `before` is the previous page's
 * `nextBefore`.
 */
export const TeamOrdersQuerySchema = z.object({
  locationId: z.uuid().optional(),
  personId: z.uuid().optional(),
  status: RequestStatusSchema.optional(),
  month: month.optional(),
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TEAM_ORDERS_PAGE_SIZE),
})
export type TeamOrdersQuery = z.infer<typeof TeamOrdersQuerySchema>

export const TeamOrderSchema = z.object({
  id: z.uuid(),
  confirmationNumber: z.string().nullable(),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.number().int(), vin: z.string() }),
  status: RequestStatusSchema,
  servicePlan: ServicePlanSchema.nullable(),
  paidAt: z.string(),
  dueAt: z.string().nullable(),
  amountCents: z.number().int(),
  buyer: z.object({ id: z.uuid().nullable(), name: z.string() }),
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The code once released: the buyer's, and their owner's and location managers' to see (docs/decisions/039). */
  keycode: z.string().nullable(),
  pincode: z.string().nullable(),
  keyBlank: z.string().nullable(),
  transponder: z.string().nullable(),
})
export type TeamOrder = z.infer<typeof TeamOrderSchema>

export const TeamOrdersAnswerSchema = z.object({ orders: z.array(TeamOrderSchema), nextBefore: z.string().nullable() })
export type TeamOrdersAnswer = z.infer<typeof TeamOrdersAnswerSchema>

/** GET /team/spend.csv: a month's spend per location (UTC calendar month of the payments). */
export const TeamSpendQuerySchema = z.object({ month })
export const TEAM_SPEND_COLUMNS = ['Location', 'Orders', 'Spend (USD)'] as const
/** The row of orders the owner placed for the business at no location. */
export const NO_LOCATION_LABEL = 'No location (owner)'
