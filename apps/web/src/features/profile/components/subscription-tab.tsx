import type { UserView } from '@keydesk/contracts/auth'
import { SUBSCRIPTION_MESSAGES } from '@keydesk/contracts/subscription'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../lib/paths.ts'
import { useUserSubscription } from '../../membership/api/use-user-subscription.ts'
import { PlanCancellation } from '../../membership/components/plan-cancellation.tsx'
import { PaymentsList } from './payments-list.tsx'
import { PlanSummary } from './plan-summary.tsx'

/**
 * Profile › Subscription, the member's one billing page (docs/product.md, 'Receipts'): the plan with its period and next
 * charge, cancellation with its two choices and the refund followed, and every payment with its receipt.
 */
export function SubscriptionTab({ user }: { user: UserView }) {
  const subscription = useUserSubscription(user.role === 'BASEUSER')
  const plan = subscription.data
  const hasPlan = plan !== undefined && plan.tier !== 'NONE'
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        {subscription.isLoading && <Spinner label="Loading your subscription..." />}
        {subscription.isError && <Alert tone="warning">{SUBSCRIPTION_MESSAGES.fetchFailed}</Alert>}
        <PlanSummary user={user} plan={plan} />
        <Link to={paths.membership} className="inline-block font-semibold text-brand-600 underline">
          {user.subscription.tier === 'NONE' ? 'Choose a plan' : 'Change plan'}
        </Link>
      </div>
      {hasPlan && (plan.status !== 'EXPIRED' || plan.refund) && <PlanCancellation subscription={plan} />}
      <PaymentsList />
    </div>
  )
}
