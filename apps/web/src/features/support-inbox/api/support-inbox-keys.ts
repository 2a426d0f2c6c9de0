import type { SupportInboxQuery } from '@keydesk/contracts/support-inbox'

/** Every query key of the support inbox and of a member's conversations, from one place. */
export const supportInboxKeys = {
  all: ['support-inbox'] as const,
  inbox: (query: SupportInboxQuery) => ['support-inbox', 'inbox', query] as const,
  thread: (id: string) => ['support-inbox', 'thread', id] as const,
  metrics: () => ['support-inbox', 'metrics'] as const,
  mine: (page: number) => ['support-inbox', 'mine', page] as const,
  myThread: (id: string) => ['support-inbox', 'my-thread', id] as const,
  link: (token: string) => ['support-inbox', 'link', token] as const,
}
