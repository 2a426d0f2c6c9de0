import { PORTAL_MESSAGES, PortalsConfigSchema } from '@keydesk/contracts/portals'
import { useQuery } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'

/** Every query key of the keycode portals, from one place. */
export const portalsKeys = {
  config: () => ['keycode-portals', 'config'] as const,
}

/** docs/product.md, 'The API contract': the static portals configuration, served to admins only at /api/keycode-portals.json (decision 003). */
export function usePortalsConfig() {
  return useQuery({
    queryKey: portalsKeys.config(),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('/keycode-portals.json', { schema: PortalsConfigSchema, signal })
      } catch (error) {
        if (error instanceof ApiError) throw new Error(PORTAL_MESSAGES.configLoadFailed)
        throw error
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
