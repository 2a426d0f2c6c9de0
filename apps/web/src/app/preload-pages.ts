import { isValidElement, type ReactNode } from 'react'
import { matchRoutes } from 'react-router'
import type { LazyPage } from './lazy-page.ts'
import { routes } from './router.tsx'

const isLazyPage = (type: unknown): type is LazyPage => typeof type === 'function' && 'preload' in type

/** The lazy pages inside an element, guards and layouts included (a page sits in a guard's children). */
function lazyPagesIn(node: ReactNode): LazyPage[] {
  if (Array.isArray(node)) return node.flatMap(lazyPagesIn)
  if (!isValidElement<Record<string, unknown>>(node)) return []
  const own = isLazyPage(node.type) ? [node.type] : []
  return [...own, ...Object.values(node.props).flatMap((prop) => lazyPagesIn(prop as ReactNode))]
}

/** Loads the pages the routes matching `path` render, and no other: a page visited later loads on its visit. */
export async function preloadPagesAt(path: string) {
  const matches = matchRoutes(routes, path) ?? []
  await Promise.all(matches.flatMap((match) => lazyPagesIn(match.route.element)).map((page) => page.preload()))
}
