import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.ts'

let testApp: TestApp
let distDir: string

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-web-dist-'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>')
  await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")')
  await writeFile(path.join(distDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}')
  testApp = await createTestApp({ WEB_DIST_DIR: distDir })
})

afterAll(async () => {
  await testApp.close()
  await rm(distDir, { recursive: true, force: true })
})

const get = (url: string) => testApp.app.inject({ method: 'GET', url })

describe('the built web app', () => {
  it('serves its scripts cached for a year and index.html for any page', async () => {
    const script = await get('/assets/index-abc123.js')
    expect(script.statusCode).toBe(200)
    expect(script.headers['cache-control']).toContain('immutable')
    expect((await get('/pricing')).body).toContain('id="root"')
  })

  it('never publishes the source maps kept beside the scripts', async () => {
    const map = await get('/assets/index-abc123.js.map')
    expect(map.statusCode).toBe(404)
    expect(map.body).not.toContain('src/secret.ts')
  })
})
