import { DevMailboxSchema } from '@keydesk/contracts/dev-mailbox'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** Every query key of the development mailbox, from one place. */
export const devMailboxKeys = {
  mails: () => ['dev-mailbox'] as const,
}

/** GET /api/dev/mailbox (decision 013): every mail the app sent, in development only; 404 elsewhere. */
export function useDevMailbox() {
  return useQuery({
    queryKey: devMailboxKeys.mails(),
    queryFn: ({ signal }) => apiRequest('/dev/mailbox', { schema: DevMailboxSchema, signal, onUnauthorized: 'silent' }),
    retry: false,
    refetchInterval: 3000,
  })
}
