import { type JobRecordBody, JobRecordSchema, JobsAnswerSchema } from '@keydesk/contracts/jobs'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

export const jobKeys = {
  all: ['member', 'jobs'] as const,
  list: (search: string, page: number) => ['member', 'jobs', 'list', search, page] as const,
  one: (requestId: string) => ['member', 'jobs', 'one', requestId] as const,
}

/** GET /user/jobs: one page of the member's jobs, or those the search finds. */
export function useJobs(search: string, page: number) {
  return useQuery({
    queryKey: jobKeys.list(search, page),
    queryFn: ({ signal }) =>
      apiRequest(`/user/jobs?${new URLSearchParams({ search, page: String(page) })}`, { schema: JobsAnswerSchema, signal }),
    placeholderData: keepPreviousData,
  })
}

/** GET /vehicle/requests/{id}/job: the job written for the request, or null before there is one. */
export function useJob(requestId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: jobKeys.one(requestId),
    queryFn: ({ signal }) => apiRequest(`/vehicle/requests/${requestId}/job`, { schema: JobRecordSchema.nullable(), signal }),
    enabled: isEnabled,
  })
}

/** PUT /vehicle/requests/{id}/job; the member's job lists read again. */
export function useSaveJob(requestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: JobRecordBody) => apiRequest(`/vehicle/requests/${requestId}/job`, { method: 'PUT', body, schema: JobRecordSchema }),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.one(requestId), job)
      return queryClient.invalidateQueries({ queryKey: [...jobKeys.all, 'list'] })
    },
  })
}
