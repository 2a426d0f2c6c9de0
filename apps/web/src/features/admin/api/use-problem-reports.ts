import { AdminProblemReportListSchema, type ProblemReportAnswerBody, type ProblemReportStatus } from '@keydesk/contracts/problem-reports'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { adminKeys } from './admin-keys.ts'

/** One page of problem reports in one status; open ones by their review deadline, earliest first. */
export function useProblemReports(status: ProblemReportStatus, page: number) {
  return useQuery({
    queryKey: adminKeys.problemReports(status, page),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/problem-reports?${new URLSearchParams({ status, page: String(page) })}`, {
        schema: AdminProblemReportListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/** POST /admin/problem-reports/{id}/answer; the reports and the queues are read again (a refund or re-check moves an order). */
export function useAnswerProblemReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: ProblemReportAnswerBody & { id: string }) =>
      apiRequest(`/admin/problem-reports/${encodeURIComponent(id)}/answer`, {
        method: 'POST',
        body,
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
}
