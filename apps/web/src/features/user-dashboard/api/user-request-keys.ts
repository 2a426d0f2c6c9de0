/** Every query key of the member's dashboard, from one place: a status change invalidates `userRequestKeys.all`. */
export const userRequestKeys = {
  all: ['user-requests'] as const,
  list: () => ['user-requests', 'list'] as const,
  /** The order tracker of one paid request (null: none to follow, nothing asked). */
  tracker: (requestId: string | null) => ['user-requests', 'tracker', requestId] as const,
}
