import { CatalogueAnswerSchema } from '@keydesk/contracts/catalogue'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => apiRequest('/makes/getMakes', { schema: CatalogueAnswerSchema, signal }),
    staleTime: 5 * 60 * 1000,
  })
}
