import { NoticesAnswerSchema } from '@keydesk/contracts/notices'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

export function useNotices() {
  return useQuery({
    queryKey: ['member', 'notices'],
    queryFn: ({ signal }) => apiRequest('/user/notices', { schema: NoticesAnswerSchema, signal }),
  })
}
