import { type PaidTier, TIER_LABELS } from './subscription-constants.ts'

/**
 * The plan that makes a business a team (docs/decisions/039), without zod so the plan cards can read it: the API
 * lets an owner holding this tier, paid, create locations and invite, and the cards promise the team on this tier
 * only.
 */
export const TEAM_PLAN_TIER: PaidTier = 'ENTERPRISE'

/** An invitation's link works this many days, once. */
export const TEAM_INVITATION_DAYS = 7

/** What the team gives, as the plan card and the pricing page say it. */
export const TEAM_BENEFIT = `Locations with managers and technicians who order at ${TIER_LABELS[TEAM_PLAN_TIER]} prices and turnaround, each with their own sign-in, photo ID and card`

/** The team in one sentence, for the pricing page. */
export const TEAM_SENTENCE = `${TIER_LABELS[TEAM_PLAN_TIER]} makes your business a team: create locations, invite managers and technicians by a link that works once for ${TEAM_INVITATION_DAYS} days, and see every order by location and by person with the code once released. Each person signs in with their own account and photo ID and pays with their own card at ${TIER_LABELS[TEAM_PLAN_TIER]} prices; your business's documents cover them.`
