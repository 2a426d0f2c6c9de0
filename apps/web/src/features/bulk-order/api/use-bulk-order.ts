import {
  BulkBatchesAnswerSchema,
  BulkCheckAnswerSchema,
  type BulkCheckBody,
  BulkCreateAnswerSchema,
  type BulkCreateBody,
  type BulkQuoteBody,
} from '@keydesk/contracts/bulk'
import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { cartKeys } from '../../../lib/cart-keys.ts'

/** The member's batches on the dashboard, a page at a time. */
export const BULK_BATCHES_PAGE_SIZE = 10

/** Every query key of bulk ordering, from one place: a new batch invalidates `bulkKeys.all`. */
export const bulkKeys = {
  all: ['bulk'] as const,
  batches: (offset: number) => ['bulk', 'batches', offset] as const,
}

/** POST /bulk/check: nothing is stored, so the page decides which answer it keeps (the latest). */
export function useCheckBulk() {
  return useMutation({
    mutationFn: (body: BulkCheckBody) => apiRequest('/bulk/check', { method: 'POST', body, schema: BulkCheckAnswerSchema }),
  })
}

export function useAddBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BulkCreateBody) => apiRequest('/bulk/batches', { method: 'POST', body, schema: BulkCreateAnswerSchema }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: cartKeys.all }), queryClient.invalidateQueries({ queryKey: bulkKeys.all })]),
  })
}

export function useRequestQuote() {
  return useMutation({
    mutationFn: (body: BulkQuoteBody) => apiRequest('/bulk/quote', { method: 'POST', body, schema: MessageAnswerSchema }),
  })
}

export function useBulkBatches(offset: number) {
  return useQuery({
    queryKey: bulkKeys.batches(offset),
    queryFn: ({ signal }) =>
      apiRequest(`/bulk/batches?limit=${BULK_BATCHES_PAGE_SIZE}&offset=${offset}`, { schema: BulkBatchesAnswerSchema, signal }),
    // The panel keeps its height while the next page loads.
    placeholderData: keepPreviousData,
  })
}
