import { type ComponentType, createElement, lazy } from 'react'

const loadedModules = new Map<() => Promise<unknown>, Record<string, ComponentType>>()
const loaders: (() => Promise<void>)[] = []

/**
 * A page loaded only when its route is visited, so a visitor's download holds the home page and not the rest
 * (docs/performance.md holds a first visit to 150 KB). `name` is the page's named export.
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  const LazyPage = lazy<ComponentType>(async () => ({ default: (await load())[name] }))
  loaders.push(async () => {
    loadedModules.set(load, await load())
  })
  return function Page() {
    const loaded: ComponentType | undefined = loadedModules.get(load)?.[name]
    return createElement(loaded ?? LazyPage)
  }
}

/** Loads every lazy page ahead of time, so they render without suspending (component tests). */
export async function preloadPages(): Promise<void> {
  await Promise.all(loaders.map((loader) => loader()))
}
