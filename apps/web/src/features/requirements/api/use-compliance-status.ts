import { ComplianceStatusSchema } from '@keydesk/contracts/compliance'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { useSession } from '../../session/use-session.ts'

/** Every query key of the requirements, from one place. */
export const requirementsKeys = {
  /** The compliance status as one viewer (a user id, or 'visitor') sees it. */
  complianceStatus: (viewer: string | undefined) => ['compliance-status', viewer] as const,
}

/** docs/product.md, 'Plans, trial and compliance': GET /compliance/status when signed in, else GET /compliance/status/public. */
export function useComplianceStatus() {
  const session = useSession()
  const isSignedIn = session.status === 'signed-in'
  return useQuery({
    queryKey: requirementsKeys.complianceStatus(isSignedIn ? session.user?.id : 'visitor'),
    queryFn: ({ signal }) =>
      apiRequest(isSignedIn ? '/compliance/status' : '/compliance/status/public', { schema: ComplianceStatusSchema, signal }),
    enabled: session.status !== 'loading',
  })
}
