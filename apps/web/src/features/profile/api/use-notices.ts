import { NoticesAnswerSchema } from '@keydesk/contracts/notices'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { profileKeys } from './profile-keys.ts'

export function useNotices() {
  return useQuery({
    queryKey: profileKeys.notices(),
    queryFn: ({ signal }) => apiRequest('/user/notices', { schema: NoticesAnswerSchema, signal }),
  })
}
