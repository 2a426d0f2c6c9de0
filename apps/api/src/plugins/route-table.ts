import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export interface RouteEntry {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered; the fuzz and access tests walk it so no route is forgotten. */
    routeTable: RouteEntry[]
  }
}

async function routeTable(app: FastifyInstance) {
  const routes: RouteEntry[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url })
  })
  app.decorate('routeTable', routes)
}

export default fp(routeTable, { name: 'route-table' })
