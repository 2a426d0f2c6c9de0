import type { FastifyInstance, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { callersOfGuard, type RouteCallers } from './auth.ts'

/** The route acts on one object named in the call: only its owner reaches it, and admins too with `owner-or-admin`. */
export type RouteObject = 'owner' | 'owner-or-admin'

export interface RouteAccess {
  callers: RouteCallers
  object?: RouteObject
}

export interface RouteEntry {
  method: string
  url: string
  /** Who may call it; undefined when the route declares nothing (the access matrix test fails on that). */
  access: RouteAccess | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered; the fuzz and access tests walk it so no route is forgotten. */
    routeTable: RouteEntry[]
  }
  interface FastifyContextConfig {
    /** Who may call a route that has no requireUser/requireRole guard (those carry their own callers). */
    access?: 'public' | 'guest' | 'signed-in'
    /** Set on routes that act on an object named in the call (see RouteObject). */
    object?: RouteObject
  }
}

/** The declared callers: the guard's when the route has one, else `config.access`. */
function callersOf(route: RouteOptions): RouteCallers | undefined {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat()
  for (const hook of hooks) {
    const callers = callersOfGuard(hook)
    if (callers) return callers
  }
  // Browsers send CORS preflights without credentials, so the OPTIONS route of @fastify/cors is public by nature.
  if (route.method === 'OPTIONS') return 'public'
  return route.config?.access
}

async function routeTable(app: FastifyInstance) {
  const routes: RouteEntry[] = []
  app.addHook('onRoute', (route) => {
    const callers = callersOf(route)
    const access = callers ? { callers, ...(route.config?.object ? { object: route.config.object } : {}) } : undefined
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access })
  })
  app.decorate('routeTable', routes)
}

export default fp(routeTable, { name: 'route-table' })
