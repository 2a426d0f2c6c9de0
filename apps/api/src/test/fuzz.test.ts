import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn, signedInAdmin, uniqueIp } from './accounts.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/**
 * Fuzz: every operation of the OpenAPI document (and any other route the app registers), called with invalid parameters, queries and bodies (wrong types,
 * huge strings, deep nesting, unicode, nulls, negative and enormous numbers, prototype-pollution keys), as a
 * visitor, a business user and an admin. No answer may be a 5xx; every JSON refusal has the error shape.
 */
let testApp: TestApp
const principals: Record<string, Record<string, string>> = {}

beforeAll(async () => {
  testApp = await createTestApp()
  principals.visitor = {}
  principals.member = (await registerAndSignIn(testApp)).headers
  principals.admin = (await signedInAdmin(testApp)).headers
})

afterAll(async () => {
  await testApp.close()
})

const HUGE = 'x'.repeat(100_000)
let deep: unknown = 'bottom'
for (let level = 0; level < 2_000; level++) deep = { a: deep }
const paramValues = ['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', '%00', '-1', '99999999999999999999999', 'ünï©ødé-💥', HUGE.slice(0, 5_000)]
const queries = [
  'limit=-1&offset=1e309&page=NaN',
  'tier=<script>alert(1)</script>&status=DROP%20TABLE&sortBy=__proto__',
  '__proto__[isAdmin]=true&constructor[prototype][isAdmin]=true',
  `search=${HUGE.slice(0, 10_000)}&email=${'a'.repeat(3_000)}@x`,
  'guestUserId=null&email[]=a&email[]=b',
  'search=KD%00x&email=a%00%07@x.y&from=2026-01-01%00&to=2026-01-02%1b&requestId=%00',
]
const bodies: unknown[] = [
  null,
  [],
  'just a string',
  12345,
  { amount: -1e308, items: 'nope', success_url: 42, cancel_url: null, tier: { $gt: '' } },
  { __proto__: { isAdmin: true }, constructor: { prototype: { isAdmin: true } }, email: 'x@y.z' },
  { email: HUGE, password: HUGE, notes: HUGE, keycode: HUGE },
  deep,
  { text: '\u0000\u202e\ud83d\ude00', vehicleId: 'ünï©ødé', code: Number.MAX_VALUE },
  // The fields real routes read, each holding control characters (PostgreSQL refuses U+0000 in text).
  Object.fromEntries(
    [
      'fname',
      'lname',
      'email',
      'phone',
      'company',
      'state',
      'name',
      'subject',
      'message',
      'notes',
      'search',
      'vin',
      'make',
      'model',
      'token',
      'overrideReason',
      'keycode',
    ].map((field) => [field, `x\u0000\u0007\u001b\u007f${field}`]),
  ),
]

/** Routes whose success would end the caller's own session or stream forever; they are fuzzed as a visitor only. */
const visitorOnly = new Set([
  'POST /api/auth/logout',
  'PUT /api/keycode-user/delete',
  'GET /api/chat/stream',
  'GET /api/vehicle/user-requests/stream',
])

/** The operations GET /api/openapi.json lists, with OpenAPI's `{id}` written as Fastify's `:id`. */
async function openapiOperations(): Promise<{ method: string; url: string }[]> {
  const paths: Record<string, Record<string, unknown>> = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    .paths
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{([A-Za-z]+)\}/g, ':$1') })),
  )
}

function urlsFor(url: string): string[] {
  if (!url.includes(':') && !url.includes('*')) return [url]
  return paramValues.map((value) => url.replace(/:[A-Za-z]+|\*/g, value))
}

describe('fuzzing every route', () => {
  it('answers no 5xx and only well-formed refusals', async () => {
    const documented = await openapiOperations()
    const isDocumented = (route: { method: string; url: string }) =>
      documented.some((operation) => operation.method === route.method && operation.url === route.url)
    const undocumented = testApp.app.routeTable.filter((route) => route.url !== '*' && !isDocumented(route))
    const routes = [...documented, ...undocumented]
    expect(documented.length).toBeGreaterThan(60)
    const failures: string[] = []
    let calls = 0
    for (const [who, headers] of Object.entries(principals)) {
      for (const route of routes) {
        const key = `${route.method} ${route.url}`
        if (who !== 'visitor' && visitorOnly.has(key)) continue
        const attempts: { url: string; payload?: string; contentType?: string }[] = []
        for (const url of urlsFor(route.url)) for (const query of queries) attempts.push({ url: `${url}?${query}` })
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          for (const body of bodies)
            attempts.push({ url: urlsFor(route.url)[0] ?? route.url, payload: JSON.stringify(body), contentType: 'application/json' })
          attempts.push({ url: urlsFor(route.url)[0] ?? route.url, payload: '{"broken json', contentType: 'application/json' })
          attempts.push({
            url: urlsFor(route.url)[0] ?? route.url,
            payload: `a=${HUGE}&__proto__=x`,
            contentType: 'application/x-www-form-urlencoded',
          })
        }
        for (const attempt of attempts) {
          calls += 1
          const answer = await testApp.app.inject({
            method: route.method as 'GET',
            url: attempt.url,
            payload: attempt.payload,
            headers: { ...headers, ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}) },
            remoteAddress: uniqueIp(),
          })
          if (answer.statusCode >= 500)
            failures.push(`${who} ${route.method} ${attempt.url.slice(0, 120)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`)
          const isJson = String(answer.headers['content-type'] ?? '').startsWith('application/json')
          if (answer.statusCode >= 400 && isJson) {
            const body = answer.json() as { code?: unknown; message?: unknown }
            if (typeof body.code !== 'string' || typeof body.message !== 'string')
              failures.push(`${who} ${key}: refusal without the error shape`)
          }
        }
      }
    }
    console.log(
      `fuzz: ${documented.length} OpenAPI operations + ${undocumented.length} other routes, ${calls} calls, ${failures.length} failures`,
    )
    expect(failures).toEqual([])
  }, 300_000)
})
