import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { measure } from './load.ts'
import { repoRoot, startBareServer, startKeydesk } from './processes.ts'
import { printReport, type Report } from './report.ts'

/**
 * `npm run bench`: builds the app, runs Keydesk on PostgreSQL when DATABASE_URL is set (in a fresh database
 * created for the run) and on PGlite otherwise, and drives it from this separate process. Each load scenario
 * runs after a warm-up, three times; figures are medians. It reports and compares; it never fails on noise.
 */
const serverUrl = process.env.DATABASE_URL
const BENCH_ADMIN = { email: 'bench-admin@keydesk.local', password: 'bench-admin-password-1' }
const report: Report = { database: serverUrl ? 'PostgreSQL' : 'PGlite', rows: [] }

async function createBenchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `keydesk_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const benchUrl = new URL(url)
  benchUrl.pathname = `/${name}`
  return {
    url: benchUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

async function main() {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('build failed')

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-bench-'))
  const database = serverUrl ? await createBenchDatabase(serverUrl) : undefined
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    JWT_SECRET: 'bench-secret-'.repeat(4),
    BOOTSTRAP_SUPER_ADMIN_EMAIL: BENCH_ADMIN.email,
    BOOTSTRAP_SUPER_ADMIN_PASSWORD: BENCH_ADMIN.password,
    // Each simulated client gets its own address (X-Forwarded-For), so per-IP limits do not cap the figures.
    TRUST_PROXY: 'true',
    KEYCODE_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
  }
  if (database) env.DATABASE_URL = database.url

  try {
    // First start creates and migrates the database; cold start is measured on the existing one.
    const first = await startKeydesk(env)
    await first.stop()
    const coldStarts: number[] = []
    for (let run = 0; run < 3; run++) {
      const server = await startKeydesk(env)
      coldStarts.push(server.startMs)
      await server.stop()
    }
    coldStarts.sort((a, b) => a - b)
    report.rows.push({
      scenario: `Cold start to first 200 on /api/health (existing ${report.database} data)`,
      figure: `${Math.round(coldStarts[1] ?? 0)} ms`,
      target: '≤ 3000 ms',
      met: (coldStarts[1] ?? Number.POSITIVE_INFINITY) <= 3000,
    })

    const server = await startKeydesk(env)
    try {
      const pricing = await fetch(`${server.baseUrl}/api/pricing`)
      if (pricing.status !== 200) throw new Error(`GET /api/pricing answered ${pricing.status}`)
      const bodyFile = path.join(dataDir, 'pricing.json')
      await writeFile(bodyFile, Buffer.from(await pricing.arrayBuffer()))
      const bare = await startBareServer(bodyFile, pricing.headers.get('content-type') ?? 'application/json')
      try {
        const limit = await measure({ url: bare.url, connections: 100, durationSeconds: 5 })
        const keydesk = await measure({ url: `${server.baseUrl}/api/pricing`, connections: 100, durationSeconds: 5 })
        const share = (keydesk.requestsPerSecond / limit.requestsPerSecond) * 100
        report.rows.push({
          scenario: 'Limit: bare node:http, same bytes as GET /api/pricing (100 connections)',
          figure: `${Math.round(limit.requestsPerSecond)} req/s, p99 ${limit.p99} ms`,
          target: 'reference',
          met: true,
        })
        report.rows.push({
          scenario: 'GET /api/pricing through Keydesk (100 connections)',
          figure: `${Math.round(keydesk.requestsPerSecond)} req/s (${share.toFixed(1)}% of the limit), p99 ${keydesk.p99} ms, non-2xx ${keydesk.non2xx}`,
          target: '≥ 90% of the limit',
          met: share >= 90,
        })
      } finally {
        await bare.stop()
      }

      // Login: argon2id is deliberately slow and limited to two hashes at a time (modules/auth/passwords.ts).
      const loginBody = new URLSearchParams(BENCH_ADMIN).toString()
      const login = await measure({
        url: `${server.baseUrl}/api/auth/login`,
        connections: 10,
        durationSeconds: 5,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: loginBody,
        distinctClients: true,
      })
      report.rows.push({
        scenario: 'Login (argon2id m=19 MiB, t=2; 10 connections, 2 hashes at a time)',
        figure: `${login.requestsPerSecond.toFixed(1)} logins/s, ≈ ${(2000 / Math.max(login.requestsPerSecond, 0.001)).toFixed(0)} ms per login on each of the 2 hashing slots, p99 ${login.p99} ms, non-2xx ${login.non2xx}`,
        target: 'bounded (≈ 2 × 1000 / hash ms)',
        met: login.non2xx === 0,
      })
      const health = await measure({ url: `${server.baseUrl}/api/health`, connections: 10, durationSeconds: 3 })
      report.rows.push({
        scenario: 'GET /api/health (10 connections), the database round trip',
        figure: `${Math.round(health.requestsPerSecond)} req/s, p99 ${health.p99} ms`,
        target: 'reference',
        met: true,
      })
    } finally {
      await server.stop()
    }
  } finally {
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  await printReport(report)
}

await main()
