import type { UserView } from '@keydesk/contracts/auth'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { isValidElement, type ReactNode } from 'react'
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router'
import type { LazyPage } from '../app/lazy-page.ts'
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

const isLazyPage = (type: unknown): type is LazyPage => typeof type === 'function' && 'preload' in type

/** The lazy pages inside an element, guards and layouts included (a page sits in a guard's children). */
function lazyPagesIn(node: ReactNode): LazyPage[] {
  if (Array.isArray(node)) return node.flatMap(lazyPagesIn)
  if (!isValidElement<Record<string, unknown>>(node)) return []
  const own = isLazyPage(node.type) ? [node.type] : []
  return [...own, ...Object.values(node.props).flatMap((prop) => lazyPagesIn(prop as ReactNode))]
}

/** Loads the pages the routes matching `path` render, and no other: a page visited later loads on its visit. */
async function preloadPagesAt(path: string) {
  const matches = matchRoutes(routes, path) ?? []
  await Promise.all(matches.flatMap((match) => lazyPagesIn(match.route.element)).map((page) => page.preload()))
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
