/** Every query key of live chat, from one place. */
export const chatKeys = {
  all: ['chat'] as const,
  history: (userId?: string) => ['chat', 'history', userId ?? 'own'] as const,
  conversations: () => ['chat', 'conversations'] as const,
  unreadCount: () => ['chat', 'unread-count'] as const,
}

/** New member messages reach the admin header within this time, on every admin page. */
export const UNREAD_REFRESH_MS = 30_000
