import { ComplianceStatusSchema } from '@keydesk/contracts/compliance'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { useSession } from '../../session/use-session.ts'

/** docs/product.md §12: GET /compliance/status when signed in, else GET /compliance/status/public. */
export function useComplianceStatus() {
  const session = useSession()
  const isSignedIn = session.status === 'signed-in'
  return useQuery({
    queryKey: ['compliance-status', isSignedIn ? session.user?.id : 'visitor'],
    queryFn: ({ signal }) =>
      apiRequest(isSignedIn ? '/compliance/status' : '/compliance/status/public', { schema: ComplianceStatusSchema, signal }),
    enabled: session.status !== 'loading',
  })
}
