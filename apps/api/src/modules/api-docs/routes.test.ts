import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

/** Fastify writes `/api/files/:id`, OpenAPI `/api/files/{id}`. */
function openapiPath(url: string) {
  return url.replace(/:([A-Za-z]+)/g, '{$1}')
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document anyone may read', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'Keydesk API' } })
  })

  it('lists every route the app serves, with the method it answers', async () => {
    const paths: Record<string, Record<string, unknown>> = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
      .paths
    const served = testApp.app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && route.url !== '/api/openapi.json' && !route.url.includes('*'),
    )
    const missing = served
      .filter((route) => !paths[openapiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`)
    expect(served.length).toBeGreaterThan(60)
    expect(missing).toEqual([])
  })

  it('describes a request body from its Zod schema', async () => {
    const paths = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths
    const login = paths['/api/auth/login'].post.requestBody.content['application/json'].schema
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']))
  })
})
