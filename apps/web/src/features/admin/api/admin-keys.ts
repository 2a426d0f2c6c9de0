import type { ProblemReportStatus } from '@keydesk/contracts/problem-reports'
import type { TransactionFilters } from './transaction-filters.ts'

export type QueueName = 'pending' | 'in-progress'

/** Every query key of the admin screens, from one place: a change invalidates `adminKeys.all` or one branch of it. */
export const adminKeys = {
  all: ['admin'] as const,
  queue: (which: QueueName, search: string) => ['admin', 'queue', which, search] as const,
  queueCounts: () => ['admin', 'queue-counts'] as const,
  failedKeycodeMails: () => ['admin', 'failed-keycode-mails'] as const,
  transactions: (filters: TransactionFilters, offset: number) => ['admin', 'transactions', filters, offset] as const,
  subscriptions: (offset: number) => ['admin', 'subscriptions', offset] as const,
  allSubscriptions: () => ['admin', 'subscriptions'] as const,
  planRefund: (subscriptionId: string) => ['admin', 'plan-refund', subscriptionId] as const,
  users: (search: string, offset: number) => ['admin', 'users', search, offset] as const,
  history: (email: string | null) => ['admin', 'history', email] as const,
  documents: (userId: string | null) => ['admin', 'documents', userId] as const,
  buyerDisputes: (userId: string) => ['admin', 'buyer-disputes', userId] as const,
  allDocuments: () => ['admin', 'documents'] as const,
  chatUnread: () => ['admin', 'chat-unread'] as const,
  keyBlanks: (requestId: string) => ['admin', 'key-blanks', requestId] as const,
  problemReports: (status: ProblemReportStatus, page: number) => ['admin', 'problem-reports', status, page] as const,
}
