import type { PriceHolder } from '@keydesk/contracts/keycode-prices'
import { useSession } from '../../session/use-session.ts'
import { useTrialAccess } from './use-trial-status.ts'
import { useUserSubscription } from './use-user-subscription.ts'

/**
 * What decides this visitor's keycode prices, as the server decides it (docs/decisions/021): the premium tier, and for
 * Basic whether this plan month's discounted keycode is still unused. Null while it is being read.
 */
export function usePriceHolder(): PriceHolder | null {
  const session = useSession()
  const access = useTrialAccess()
  const isSignedIn = session.status === 'signed-in'
  const tier = isSignedIn ? access.pricingTier : 'NONE'
  const subscription = useUserSubscription(isSignedIn && tier === 'BASIC')
  if (session.status === 'loading' || (isSignedIn && access.isLoading)) return null
  if (tier !== 'BASIC') return { tier }
  if (subscription.isPending) return null
  return { tier, basicDiscount: subscription.data?.basicDiscount ?? null }
}
