import { MemberProblemReportListSchema, type ProblemReason, ProblemReportCreatedSchema } from '@keydesk/contracts/problem-reports'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** Every query key of the member's problem reports, from one place. */
export const problemReportKeys = {
  mine: ['problem-reports', 'mine'] as const,
}

export interface NewProblemReport {
  reason: ProblemReason
  message: string
}

/** GET /vehicle/problem-reports: the member's reports, read apart from the dashboard's orders. */
export function useMemberProblemReports() {
  return useQuery({
    queryKey: problemReportKeys.mine,
    queryFn: ({ signal }) => apiRequest('/vehicle/problem-reports', { schema: MemberProblemReportListSchema, signal }),
  })
}

/** POST /vehicle/problem-reports for one of the member's orders. */
export function useReportProblem(vehicleRequestId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (report: NewProblemReport) =>
      apiRequest('/vehicle/problem-reports', { method: 'POST', body: { vehicleRequestId, ...report }, schema: ProblemReportCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: problemReportKeys.mine }),
  })
}
