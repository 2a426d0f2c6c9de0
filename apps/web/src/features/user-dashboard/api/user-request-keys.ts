/** Every query key of the member's dashboard, from one place: a status change invalidates `userRequestKeys.all`. */
export const userRequestKeys = {
  all: ['user-requests'] as const,
  list: () => ['user-requests', 'list'] as const,
  /** The order tracker, following one request or (null) the latest. */
  tracker: (requestId: string | null) => ['user-requests', 'tracker', requestId] as const,
}
