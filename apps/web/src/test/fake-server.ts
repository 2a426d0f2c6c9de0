import { vi } from 'vitest'

export type Handler = (init: RequestInit) => Response | Promise<Response>

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Stubs fetch with answers by "METHOD /path"; returns the calls made, with their bodies. */
export function serve(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`
      calls.push({ key, body: init.body })
      const handler = routes[key]
      if (!handler) throw new Error(`unexpected call ${key}`)
      return handler(init)
    }),
  )
  return calls
}
