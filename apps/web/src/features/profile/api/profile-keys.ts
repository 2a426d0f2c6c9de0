/** Every query key of the member's profile tabs, from one place. */
export const profileKeys = {
  all: ['member'] as const,
  profile: () => ['member', 'profile'] as const,
  security: () => ['member', 'security'] as const,
  sessions: () => ['member', 'sessions'] as const,
  passkeys: () => ['member', 'passkeys'] as const,
  credentials: () => ['member', 'credentials'] as const,
  notices: () => ['member', 'notices'] as const,
  orders: (page: number) => ['member', 'orders', page] as const,
  payments: (page: number) => ['member', 'payments', page] as const,
}
