import { TRIAL_RECHECK_MS } from '@keydesk/contracts/subscription-constants'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { useSession } from '../../session/use-session.ts'
import { pricingTier, trialStatusFromUser } from '../trial-access.ts'
import { membershipKeys } from './membership-keys.ts'

/**
 * docs/product.md, 'The API contract' ('Plans, trial and compliance'): GET /trial/status for a business user, asked again every hour. When it fails the session's
 * stored subscription data stands in, so a failure never breaks the page.
 */
export function useTrialAccess() {
  const { user } = useSession()
  const isMember = user?.role === 'BASEUSER'
  const query = useQuery({
    queryKey: membershipKeys.trialStatus(),
    queryFn: ({ signal }) =>
      apiRequest('/trial/status', {
        schema: () => import('@keydesk/contracts/subscription').then((contract) => contract.TrialStatusSchema),
        signal,
      }),
    enabled: isMember,
    refetchInterval: TRIAL_RECHECK_MS,
  })
  const trial = user && isMember ? (query.data ?? (query.isError ? trialStatusFromUser(user) : null)) : null
  return {
    trial,
    /** True while a business user's trial status is still on its way. */
    isLoading: isMember && query.isPending,
    /** True when the answer failed and the stored data is shown instead ('Failed to fetch trial status'). */
    isFallback: isMember && query.isError,
    pricingTier: pricingTier(user?.subscription.tier ?? 'NONE', trial),
  }
}
