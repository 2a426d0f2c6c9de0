import { type BillingPeriod, type PaidTier, PaidTierSchema } from '@keydesk/contracts/subscription'
import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { loginPathFor } from '../session/login-redirect.ts'
import { useSession } from '../session/use-session.ts'
import { useChoosePlan } from './api/use-choose-plan.ts'
import { type Billing, isHigherTier } from './plans.ts'

/** The address parameters that carry a visitor's choice of plan through sign-in. */
const CHOSEN_PLAN = 'plan'
const CHOSEN_BILLING = 'billing'

const toBillingPeriod = (billing: Billing): BillingPeriod => (billing === 'monthly' ? 'MONTHLY' : 'ANNUAL')

/**
 * A plan chosen on its card: a signed-in member's goes to the cart; a visitor's goes through sign-in in the address
 * and is made for them there once. `plan` is the cart's choice as useChoosePlan gives it.
 */
export function usePlanChoice(billing: Billing) {
  const [searchParams] = useSearchParams()
  const session = useSession()
  const navigate = useNavigate()
  const plan = useChoosePlan()
  const currentTier = session.user?.subscription.tier ?? 'NONE'

  const onChoose = (tier: PaidTier) => {
    // docs/product.md, 'Screens and routes (web)': choosing a plan while not logged in leads to /login, and back here
    // afterwards with the choice in the address, so the plan chosen is still chosen once signed in.
    if (session.status !== 'signed-in')
      navigate(loginPathFor(`${paths.membership}?${new URLSearchParams({ [CHOSEN_PLAN]: tier, [CHOSEN_BILLING]: billing })}`))
    else plan.choose(tier, toBillingPeriod(billing))
  }

  // The choice a visitor made before signing in is made for them once, as soon as the signed-in member may take it.
  const chosenBeforeSignIn = PaidTierSchema.safeParse(searchParams.get(CHOSEN_PLAN)).data
  const chosenBillingBeforeSignIn: Billing = searchParams.get(CHOSEN_BILLING) === 'annual' ? 'annual' : 'monthly'
  const mayTakeChosen =
    session.user?.role === 'BASEUSER' && chosenBeforeSignIn !== undefined && isHigherTier(chosenBeforeSignIn, currentTier)
  const tookChosen = useRef(false)
  useEffect(() => {
    if (!mayTakeChosen || !chosenBeforeSignIn || tookChosen.current) return
    tookChosen.current = true
    plan.choose(chosenBeforeSignIn, toBillingPeriod(chosenBillingBeforeSignIn))
  }, [mayTakeChosen, chosenBeforeSignIn, chosenBillingBeforeSignIn, plan])

  return { plan, onChoose }
}
