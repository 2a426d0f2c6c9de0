import { paths } from '../../lib/paths.ts'

/** The login address that brings the user back to `target` afterwards. */
export function loginPathFor(target: string): string {
  return `${paths.login}?${new URLSearchParams({ redirect: target })}`
}

/**
 * The `redirect` parameter of /login, only when it is a path on this site: an open redirect to
 * another origin ('//evil.example', '/\\evil.example', 'https://...') would let a link phish our users.
 */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value?.startsWith('/')) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}
