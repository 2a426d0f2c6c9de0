import { CatalogueAnswerSchema } from '@keydesk/contracts/catalogue'
import { MINUTE_MS } from '@keydesk/contracts/time'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** Every query key of ordering, from one place. */
export const orderingKeys = {
  catalogue: () => ['catalogue'] as const,
}

export function useCatalogue() {
  return useQuery({
    queryKey: orderingKeys.catalogue(),
    queryFn: ({ signal }) => apiRequest('/makes/getMakes', { schema: CatalogueAnswerSchema, signal }),
    staleTime: 5 * MINUTE_MS,
  })
}
