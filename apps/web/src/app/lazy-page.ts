import { type ComponentType, createElement, lazy } from 'react'

/** A lazy page that can be loaded ahead of its first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> }

/**
 * A page loaded only when its route is visited, so a visitor's download holds the home page and not the rest
 * (docs/performance.md holds a first visit to 150 KB). `name` is the page's named export. `preload` loads it ahead,
 * so it then renders without suspending (a component test loads the pages of the path it renders).
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyPage {
  const LazyPage = lazy<ComponentType>(async () => ({ default: (await load())[name] }))
  let loaded: ComponentType | undefined
  function Page() {
    return createElement(loaded ?? LazyPage)
  }
  Page.preload = async () => {
    loaded = (await load())[name]
  }
  return Page
}
