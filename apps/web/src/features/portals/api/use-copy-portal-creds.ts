import { PortalCredsAnswerSchema } from '@keydesk/contracts/portals'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /api/keycodes/creds: one portal's login, never cached in the query client. */
export function useCopyPortalCreds() {
  return useMutation({
    mutationFn: (oem: string) => apiRequest('/api/keycodes/creds', { method: 'POST', body: { oem }, schema: PortalCredsAnswerSchema }),
  })
}
