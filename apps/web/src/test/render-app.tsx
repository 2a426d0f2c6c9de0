import type { UserView } from '@keydesk/contracts/auth'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { preloadPagesAt } from '../app/preload-pages.ts'
import { routes } from '../app/router.tsx'
import { sessionQueryKey } from '../features/session/session-query.ts'

export interface RenderAppOptions {
  /** The signed-in user; null (default) for a visitor. */
  user?: UserView | null
  /** Leave the session unknown so the app asks GET /auth/me, as on a real page load. */
  fetchSession?: boolean
  /** Paths the test goes on to, whose pages load ahead so they render without waiting for their code. */
  visits?: string[]
}

/**
 * Renders the whole app at `path` in memory, as the browser would, with the session already known
 * (so no request for it), for tests of routes, guards and pages in their real place.
 */
export async function renderApp(path: string, { user = null, fetchSession = false, visits = [] }: RenderAppOptions = {}) {
  await Promise.all([path, ...visits].map(preloadPagesAt))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  if (!fetchSession) queryClient.setQueryData(sessionQueryKey, user)
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
}
