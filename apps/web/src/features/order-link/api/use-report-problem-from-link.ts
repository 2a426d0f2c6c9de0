import { ProblemReportCreatedSchema } from '@keydesk/contracts/problem-reports'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import type { NewProblemReport } from '../../problem-reports/api/use-problem-reports.ts'
import { orderLinkKeys } from './use-order-link.ts'

/** POST /order-link/problem-reports: the guest reports on the order their link shows; the link's view is read again. */
export function useReportProblemFromLink(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (report: NewProblemReport) =>
      apiRequest('/order-link/problem-reports', {
        method: 'POST',
        body: { token, ...report },
        schema: ProblemReportCreatedSchema,
        onUnauthorized: 'silent',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderLinkKeys.order(token) }),
  })
}
