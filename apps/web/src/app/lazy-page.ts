import { type ComponentType, lazy } from 'react'

/**
 * A page loaded only when its route is visited, so a visitor's download holds the public pages and
 * not the back office (issue 4). `name` is the page's named export.
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }))
}
