import { spawnSync } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'
import sharp from 'sharp'
import type { DatabaseSource } from '../apps/api/src/db/database.ts'
import { measureBulk } from './bulk.ts'
import { BUSINESS_OWNER, type BusinessVolume, measureBusinessOrders, seedBusiness } from './business-orders.ts'
import { measureBusyDay } from './busy-day.ts'
import { measureHostileBulk } from './hostile-bulk.ts'
import { measureHostileUploads } from './hostile-uploads.ts'
import { type LoadFigures, measure } from './load.ts'
import { measureMemberArchive, seedArchiveMember } from './member-archive.ts'
import { type RunningServer, repoRoot, startBareServer, startKeydesk, startPeerServer } from './processes.ts'
import { printReport, type Report, type ReportRow } from './report.ts'
import { BENCH_BULK_MEMBER, BENCH_MEMBER, seedVolume, type Volume } from './seed.ts'
import { measureWeb } from './web.ts'

/**
 * `npm run bench`: builds the app, runs Keydesk on PostgreSQL when DATABASE_URL is set (in a fresh database
 * created for the run) and on PGlite otherwise, seeds a realistic volume and drives it from this separate
 * process. Each load scenario runs after a warm-up, three times; figures are medians. `--quick` runs every
 * scenario at a small volume and for a second each. It reports and compares; it never fails on noise.
 */
const quick = process.argv.includes('--quick')
const serverUrl = process.env.DATABASE_URL
const BENCH_ADMIN = { email: 'bench-admin@keydesk.local', password: 'bench-admin-password-1' }
const KEY = Buffer.alloc(32, 9)
const SECONDS = quick ? 1 : 5
const RUNS = quick ? 1 : 3
/** Quick mode keeps queues short, so a two-second run still completes requests on a slow embedded database. */
const connections = (full: number) => (quick ? Math.min(full, 5) : full)
/** The admin-list scenario is measured at the small volume, then again at the full one. */
const SMALL: Volume = quick ? { users: 50, requests: 1_000, transactions: 200 } : { users: 200, requests: 10_000, transactions: 2_000 }
const FULL: Volume = quick
  ? { users: 100, requests: 5_000, transactions: 1_000 }
  : { users: 2_000, requests: 100_000, transactions: 20_000 }
/** The Enterprise business of the teams issue (docs/product.md, 'Enterprise teams'); the quick run, a small one. */
const BUSINESS: BusinessVolume = quick ? { locations: 5, people: 20, orders: 1_000 } : { locations: 50, people: 500, orders: 100_000 }
const report: Report = { database: serverUrl ? 'PostgreSQL' : 'PGlite', quick, rows: [] }

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

const cpu = (figures: LoadFigures) =>
  figures.serverCpuMsPerRequest === undefined ? '' : `, server CPU ${figures.serverCpuMsPerRequest.toFixed(2)} ms per answer`
const latency = (figures: LoadFigures) =>
  `${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50} ms, p95 ${figures.p95.toFixed(1)} ms, p97.5 ${figures.p97_5} ms, p99 ${figures.p99} ms, non-2xx ${figures.non2xx}${cpu(figures)}`
/** The load generator and the database share the machine's cores with the server, so a queue forms before it is idle. */
const SHARED_CORES = `${os.cpus().length} cores shared with ${serverUrl ? 'PostgreSQL and the load generator' : "the load generator (PGlite runs inside the server's thread, one query at a time, so its CPU counts as the server's)"}`
/** Autocannon reports whole milliseconds, so a figure equal to its limit misses by less than one. */
const msOver = (figure: number, limit: number) => `${figure - limit || 'under 1'} ms`

async function signIn(server: RunningServer, account: { email: string; password: string }): Promise<string> {
  const answer = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.250.0.1' },
    body: new URLSearchParams(account),
  })
  if (answer.status !== 200) throw new Error(`sign-in of ${account.email} answered ${answer.status}`)
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith('access_token='))
  return cookie?.split(';')[0] ?? ''
}

/** Measures the admin lists; answers the admin's cookie and the queue's first page figures, for the peer's comparison. */
async function adminLists(server: RunningServer, sampleVin: string, label: string) {
  let firstPage: LoadFigures | undefined
  const cookie = await signIn(server, BENCH_ADMIN)
  // The queue searches (decision 016) look for a request that is in the queue: the end of its VIN, its buyer's e-mail.
  const [queued] = (await (await fetch(`${server.baseUrl}/api/admin/pending-requests?limit=1`, { headers: { cookie } })).json()) as {
    vin: string
    keycodeUserEmail: string | null
  }[]
  if (!queued?.keycodeUserEmail) throw new Error('no pending request with a buyer to search for')
  const lists = [
    [
      'transactions, search by VIN, sorted by confirmation',
      `/api/admin/transactions?search=${sampleVin}&sortBy=confirmation&sortOrder=asc`,
    ],
    ['transactions, first page sorted by status', '/api/admin/transactions?sortBy=status&sortOrder=desc'],
    ['pending requests, first page', '/api/admin/pending-requests'],
    ['pending requests, search by the last 8 of a VIN', `/api/admin/pending-requests?search=${queued.vin.slice(-8)}`],
    ['pending requests, search by buyer e-mail', `/api/admin/pending-requests?search=${encodeURIComponent(queued.keycodeUserEmail)}`],
  ] as const
  for (const [name, url] of lists) {
    const check = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } })
    const body = (await check.json()) as unknown[]
    if (check.status !== 200 || body.length === 0) throw new Error(`${url} answered ${check.status} with ${body.length} rows`)
    const figures = await measure({
      url: `${server.baseUrl}${url}`,
      connections: 10,
      durationSeconds: SECONDS,
      runs: RUNS,
      headers: { cookie },
      serverPid: server.child.pid,
    })
    if (url === '/api/admin/pending-requests') firstPage = figures
    report.rows.push({
      scenario: `Admin list at ${label} requests: ${name} (10 connections)`,
      figure: latency(figures),
      target: 'p95 < 50 ms',
      met: figures.p95 < 50 && figures.non2xx === 0,
      missedBy: `${(figures.p95 - 50).toFixed(1)} ms at p95`,
      why: `Not the table size: every query is index-served (compare the same list at the other volume). Each call costs the server ${figures.serverCpuMsPerRequest?.toFixed(2)} ms of CPU (account read, the page query and one or two batched reads of its vehicles or buyers, keycodes decrypted where shown, Zod serialisation), and 10 calls in flight queue on ${SHARED_CORES}.`,
    })
  }
  if (!firstPage) throw new Error('the queue first page was not measured')
  return { cookie, firstPage }
}

/** The account id an access token names (its `sub`): the peer's fixed session cookie carries it. */
const peerCookieOf = (keydeskCookie: string) =>
  `peer_session=${(JSON.parse(Buffer.from(keydeskCookie.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub}`

/** The peer must answer what Keydesk answers, or its figures compare nothing: the two answers, parsed, must be equal. */
async function expectSameAnswer(keydesk: { url: string; cookie: string }, peer: { url: string; cookie: string }) {
  const [ours, theirs] = await Promise.all(
    [keydesk, peer].map(async ({ url, cookie }) => {
      const answer = await fetch(url, { headers: { cookie } })
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`)
      return answer.json()
    }),
  )
  if (isDeepStrictEqual(ours, theirs)) return
  const [one, other] = [ours, theirs].map((body) => JSON.stringify(body))
  const at = [...(one ?? '')].findIndex((character, index) => character !== other?.[index])
  throw new Error(
    `the peer's answer to ${peer.url} differs from Keydesk's at character ${at}: Keydesk ${one?.slice(at - 80, at + 80)} / peer ${other?.slice(at - 80, at + 80)}`,
  )
}

/**
 * Keydesk's server CPU per answer as a ratio to the hand-written peer's for one call (issue 45). On PostgreSQL each
 * figure is the Node process's alone (the database's backends serve both alike); on PGlite it includes the queries.
 */
function peerRatio(call: string, connections: number, keydesk: LoadFigures, peer: LoadFigures, limit: number, why: string): ReportRow {
  const ours = keydesk.serverCpuMsPerRequest ?? Number.NaN
  const theirs = peer.serverCpuMsPerRequest ?? Number.NaN
  const ratio = ours / theirs
  return {
    scenario: `Peer ratio: ${call}, Keydesk's server CPU per answer ÷ the hand-written peer's (${connections} connections)`,
    figure: `${ratio.toFixed(2)}× (Keydesk ${ours.toFixed(3)} ms, peer ${theirs.toFixed(3)} ms; peer ${Math.round(peer.requestsPerSecond)} req/s, p99 ${peer.p99} ms, non-2xx ${peer.non2xx})`,
    target: `≤ ${limit}×`,
    met: ratio <= limit && peer.non2xx === 0,
    missedBy: peer.non2xx > 0 ? `${peer.non2xx} failed peer answers` : `${(ratio - limit).toFixed(2)}×`,
    why: `${why} Both run on ${SHARED_CORES}; CPU per answer is the figure that other work on the machine moves least.`,
  }
}

/** A guest keycode request with three 1 MB photos, as a phone camera would send them. */
async function writeBody(): Promise<{ body: Buffer; contentType: string }> {
  const noise = Buffer.alloc(580 * 580 * 3)
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24
  const photo = await sharp(noise, { raw: { width: 580, height: 580, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
  const form = new FormData()
  for (const [name, value] of Object.entries({ make: 'Honda', model: 'Civic', year: '2016', vin: '1HGCR2F31GA000000' }))
    form.append(name, value)
  for (const name of ['frontId', 'registration', 'licenseFront', 'licenseBack'])
    form.append(name, new Blob([new Uint8Array(photo)], { type: 'image/png' }), `${name}.png`)
  const request = new Request('http://bench.local/', { method: 'POST', body: form })
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' }
}

async function peakRssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

async function main() {
  const started = performance.now()
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: repoRoot, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('build failed')

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-bench-'))
  const database = serverUrl ? await createBenchDatabase(serverUrl) : undefined
  const source: DatabaseSource = database ? { kind: 'postgres', url: database.url } : { kind: 'pglite', dataDir }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    JWT_SECRET: 'bench-secret-'.repeat(4),
    BOOTSTRAP_SUPER_ADMIN_EMAIL: BENCH_ADMIN.email,
    BOOTSTRAP_SUPER_ADMIN_PASSWORD: BENCH_ADMIN.password,
    // Each simulated client gets its own address (X-Forwarded-For), so per-IP limits do not cap the figures.
    TRUST_PROXY: '1',
    KEYCODE_ENCRYPTION_KEY: KEY.toString('base64'),
    TOTP_ENCRYPTION_KEY: KEY.toString('base64'),
    // Production requires real payment keys; the benchmark never pays, so test-mode placeholders do.
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    // The bench admin has no authenticator app; production's admin two-factor rule would keep it out of the lists.
    REQUIRE_ADMIN_2FA: 'false',
  }
  if (database) env.DATABASE_URL = database.url

  try {
    // The first start migrates the database and seeds the catalogue; volume is added while the server is down.
    const first = await startKeydesk(env)
    await first.stop()
    let seedStarted = performance.now()
    const small = await seedVolume(source, KEY, SMALL, 0)
    const smallSeedMs = performance.now() - seedStarted

    let server = await startKeydesk(env)
    try {
      await adminLists(server, small.sampleVin, SMALL.requests.toLocaleString('en-US'))
    } finally {
      await server.stop()
    }

    seedStarted = performance.now()
    const rest: Volume = {
      users: FULL.users - SMALL.users,
      requests: FULL.requests - SMALL.requests,
      transactions: FULL.transactions - SMALL.transactions,
    }
    await seedVolume(source, KEY, rest, 1)
    // The peer reads the same data: PostgreSQL's database, or (PGlite being single-process) a copy of the seeded folder.
    const peerDir = path.join(dataDir, 'peer')
    if (!database) await cp(path.join(dataDir, 'pglite'), path.join(peerDir, 'pglite'), { recursive: true })
    const peerDatabase = database ? { PEER_DATABASE_URL: database.url } : { PEER_PGLITE_DIR: path.join(peerDir, 'pglite') }
    report.rows.push({
      scenario: `Seeding ${FULL.users.toLocaleString('en-US')} users, ${FULL.requests.toLocaleString('en-US')} requests, ${FULL.transactions.toLocaleString('en-US')} transactions`,
      figure: `${((smallSeedMs + performance.now() - seedStarted) / 1000).toFixed(1)} s`,
      target: 'reference',
      met: true,
    })

    const coldStarts: number[] = []
    for (let run = 0; run < (quick ? 1 : 3); run++) {
      const cold = await startKeydesk(env)
      coldStarts.push(cold.startMs)
      await cold.stop()
    }
    coldStarts.sort((a, b) => a - b)
    const coldStart = coldStarts[Math.floor(coldStarts.length / 2)] ?? Number.POSITIVE_INFINITY
    report.rows.push({
      scenario: `Cold start to first 200 on /api/health (existing ${report.database} data at full volume)`,
      figure: `${Math.round(coldStart)} ms`,
      target: '≤ 3000 ms',
      met: coldStart <= 3000,
      missedBy: `${Math.round(coldStart - 3000)} ms`,
      why: `Starts ranged ${coldStarts.map(Math.round).join(', ')} ms. Most of a start is Node loading the packages the API uses (0.6 s for the bundled app on an idle machine)${serverUrl ? '' : " and PGlite's WebAssembly start (0.4-0.7 s)"}, on ${SHARED_CORES}.`,
    })

    server = await startKeydesk(env)
    let peer: Awaited<ReturnType<typeof startPeerServer>> | undefined
    try {
      const pricing = await fetch(`${server.baseUrl}/api/pricing`)
      if (pricing.status !== 200) throw new Error(`GET /api/pricing answered ${pricing.status}`)
      const bodyFile = path.join(dataDir, 'pricing.json')
      await writeFile(bodyFile, Buffer.from(await pricing.arrayBuffer()))
      const bare = await startBareServer(bodyFile, pricing.headers.get('content-type') ?? 'application/json')
      peer = await startPeerServer(peerDatabase, bodyFile, KEY)
      const peerPricing = await fetch(`${peer.url}/api/pricing`)
      if (!Buffer.from(await peerPricing.arrayBuffer()).equals(await readFile(bodyFile))) throw new Error("the peer's pricing body differs")
      try {
        const limit = await measure({ url: bare.url, connections: 100, durationSeconds: SECONDS, runs: RUNS, serverPid: bare.pid })
        const keydesk = await measure({
          url: `${server.baseUrl}/api/pricing`,
          connections: 100,
          durationSeconds: SECONDS,
          runs: RUNS,
          serverPid: server.child.pid,
        })
        const share = (keydesk.requestsPerSecond / limit.requestsPerSecond) * 100
        report.rows.push({
          scenario: 'Limit: bare node:http, same bytes as GET /api/pricing (100 connections)',
          figure: `${Math.round(limit.requestsPerSecond)} req/s, p99 ${limit.p99} ms${cpu(limit)}`,
          target: 'reference',
          met: true,
        })
        report.rows.push({
          scenario: 'GET /api/pricing through Keydesk (100 connections)',
          figure: `${Math.round(keydesk.requestsPerSecond)} req/s (${share.toFixed(1)}% of the limit), p99 ${keydesk.p99} ms, non-2xx ${keydesk.non2xx}${cpu(keydesk)}`,
          target: '≥ 90% of the limit',
          met: share >= 90,
          missedBy: `${(90 - share).toFixed(1)} percentage points`,
          why: `The answer is serialised once at start-up, so both servers send the same bytes; the difference is what Keydesk does around them: Fastify's routing, request and reply objects and per-request logger, helmet's headers, CORS, the cross-site guard, cookie parsing, the shutdown drain's bookkeeping, ETag and cache headers. A minimal Fastify server with one log line per answer already costs 2 to 2.5 times the bare server's CPU (docs/performance.md), so the figure guards against regressions rather than promising parity.`,
        })
        const peerPricingFigures = await measure({
          url: `${peer.url}/api/pricing`,
          connections: 100,
          durationSeconds: SECONDS,
          runs: RUNS,
          serverPid: peer.pid,
        })
        report.rows.push(
          peerRatio(
            'GET /api/pricing',
            100,
            keydesk,
            peerPricingFigures,
            1.1,
            "Both send the same bytes, serialised once; the peer's answer is Fastify and one log line. What Keydesk adds per answer is its protections: the security headers, CORS, the cross-site guard, cookie parsing, the rate limiter's and the shutdown drain's bookkeeping, ETag and cache headers, and a log line that redacts secrets and masks the URL (docs/performance.md, 'The cached pricing read').",
          ),
        )
      } finally {
        await bare.stop()
      }

      const memberCookie = await signIn(server, BENCH_MEMBER)
      const peerMember = peerCookieOf(memberCookie)
      await expectSameAnswer(
        { url: `${server.baseUrl}/api/vehicle/user-requests`, cookie: memberCookie },
        { url: `${peer.url}/api/vehicle/user-requests`, cookie: peerMember },
      )
      const read = await measure({
        url: `${server.baseUrl}/api/vehicle/user-requests`,
        connections: connections(100),
        durationSeconds: SECONDS,
        runs: RUNS,
        headers: { cookie: memberCookie },
        serverPid: server.child.pid,
      })
      // The CPU an answer costs is what the machine's cores buy; latency at 100 connections mostly measures the queue.
      const peerRead = await measure({
        url: `${peer.url}/api/vehicle/user-requests`,
        connections: connections(100),
        durationSeconds: SECONDS,
        runs: RUNS,
        headers: { cookie: peerMember },
        serverPid: peer.pid,
      })
      report.rows.push(
        peerRatio(
          'GET /api/vehicle/user-requests (member with 50 requests)',
          connections(100),
          read,
          peerRead,
          1.5,
          'The peer looks its session cookie up in one query, reads the list in one more (named statement) and opens every sealed keycode each time. Keydesk also verifies the signed access token (remembered once verified), reads the account and session state (prepared), maps the rows through drizzle, validates the answer against its contract with Zod and writes its redacting log line; the security headers, CORS and cross-site guard as on pricing.',
        ),
      )
      const readCpu = read.serverCpuMsPerRequest ?? Number.POSITIVE_INFINITY
      report.rows.push({
        scenario: 'Signed-in read: server CPU per answer of GET /api/vehicle/user-requests (50 requests)',
        figure: `${readCpu.toFixed(2)} ms`,
        target: serverUrl ? '≤ 0.8 ms on PostgreSQL' : '≤ 0.8 ms on PostgreSQL (reference on PGlite)',
        met: serverUrl ? readCpu <= 0.8 : true,
        missedBy: `${(readCpu - 0.8).toFixed(2)} ms`,
        why: 'See docs/performance.md, "The dashboard read": with the list query and the account read prepared, verified tokens remembered and each keycode opened once per process, what is left is the two PostgreSQL round trips, writing the 15 KB answer and its log line, on cores shared with PostgreSQL and the load generator.',
      })
      const readConnections = connections(100)
      const neededPerSecond = readConnections / 0.025
      report.rows.push({
        scenario: `Signed-in read: GET /api/vehicle/user-requests, member with 50 requests (${connections(100)} connections)`,
        figure: latency(read),
        target: 'p99 < 25 ms on PostgreSQL',
        met: read.p99 < 25 && read.non2xx === 0,
        missedBy: `${msOver(read.p99, 25)} at p99`,
        why: `${
          neededPerSecond > read.requestsPerSecond
            ? `With ${readConnections} requests always in flight, p99 < 25 ms needs more than ${neededPerSecond.toLocaleString('en-US')} answers a second (Little's law), ${(neededPerSecond / read.requestsPerSecond).toFixed(1)}× the measured rate.`
            : `The rate would keep the average under 25 ms (p50 ${read.p50} ms); the tail is requests queued behind others when the cores are busy elsewhere.`
        } Each answer costs the server ${read.serverCpuMsPerRequest?.toFixed(2)} ms of CPU (token check, account read, list query, 50 rows with keycodes decrypted, Zod serialisation) on ${SHARED_CORES}; the list query itself is index-served.`,
      })

      const queue = await adminLists(server, small.sampleVin, FULL.requests.toLocaleString('en-US'))
      const peerAdmin = peerCookieOf(queue.cookie)
      await expectSameAnswer(
        { url: `${server.baseUrl}/api/admin/pending-requests`, cookie: queue.cookie },
        { url: `${peer.url}/api/admin/pending-requests`, cookie: peerAdmin },
      )
      const peerQueue = await measure({
        url: `${peer.url}/api/admin/pending-requests`,
        connections: 10,
        durationSeconds: SECONDS,
        runs: RUNS,
        headers: { cookie: peerAdmin },
        serverPid: peer.pid,
      })
      report.rows.push(
        peerRatio(
          `GET /api/admin/pending-requests, first page at ${FULL.requests.toLocaleString('en-US')} requests`,
          10,
          queue.firstPage,
          peerQueue,
          1.5,
          "Both read the page, its buyers, documents, batch places and first paid orders in one prepared statement. Keydesk reads it after the token check and the account read with its admin rules, maps its rows with a mapper worked out once per statement, validates the answer with Zod and writes its redacting log line (docs/performance.md, 'The admin queue').",
        ),
      )

      const { body, contentType } = await writeBody()
      const write = await measure({
        url: `${server.baseUrl}/api/vehicle/request-keycode-public`,
        connections: connections(20),
        durationSeconds: SECONDS,
        runs: RUNS,
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
        distinctClients: true,
      })
      report.rows.push({
        scenario: `Write path: guest keycode request with three ${(body.length / 3 / 1024 / 1024).toFixed(1)} MB photos (${connections(20)} connections)`,
        figure: `${latency(write)}; server peak RSS ${Math.round(await peakRssMb(server.child.pid))} MB`,
        target: 'reference (peak RSS bounded)',
        met: write.non2xx === 0 && write.errors === 0,
        missedBy: `${write.non2xx + write.errors} failed requests`,
        why: 'Requests were refused or failed: the server log above says why.',
      })

      // Login: argon2id is deliberately slow and limited to two hashes at a time (modules/accounts/members/passwords.ts).
      const login = await measure({
        url: `${server.baseUrl}/api/auth/login`,
        connections: 10,
        durationSeconds: SECONDS,
        runs: RUNS,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(BENCH_ADMIN).toString(),
        distinctClients: true,
      })
      report.rows.push({
        scenario: 'Login (argon2id m=19 MiB, t=2; 10 connections, 2 hashes at a time)',
        figure: `${login.requestsPerSecond.toFixed(1)} logins/s, ≈ ${(2000 / Math.max(login.requestsPerSecond, 0.001)).toFixed(0)} ms per login on each of the 2 hashing slots, p99 ${login.p99} ms, non-2xx ${login.non2xx}`,
        target: 'bounded (≈ 2 × 1000 / hash ms)',
        met: login.non2xx === 0,
        missedBy: `${login.non2xx} refused logins`,
        why: 'Logins were refused: the server log above says why.',
      })

      const bulkCookie = await signIn(server, BENCH_BULK_MEMBER)
      report.rows.push(...(await measureBulk(server.baseUrl, bulkCookie, { quick })))
      report.rows.push(...(await measureHostileBulk(server, bulkCookie, { quick, onPostgres: Boolean(serverUrl) })))
      report.rows.push(...(await measureWeb(server.baseUrl, { quick })))
    } finally {
      await peer?.stop()
      await server.stop()
    }

    // A fresh process, so its peak memory is what the uploads add to a started server, not what earlier scenarios left.
    server = await startKeydesk(env)
    try {
      report.rows.push(...(await measureHostileUploads(server, BENCH_MEMBER, { quick })))
    } finally {
      await server.stop()
    }

    // A member's whole archive from a fresh process too, seeded while the server is down (PGlite is one process).
    const archiveMember = await seedArchiveMember(source, KEY, dataDir)
    server = await startKeydesk(env)
    try {
      report.rows.push(...(await measureMemberArchive(server, archiveMember)))
    } finally {
      await server.stop()
    }

    // An Enterprise business of the teams issue, seeded while the server is down, its orders all fulfilled so that
    // the queue the busy day works through is the one the earlier scenarios measured.
    await seedBusiness(source, KEY, BUSINESS)
    server = await startKeydesk(env)
    try {
      const ownerCookie = await signIn(server, BUSINESS_OWNER)
      report.rows.push(
        ...(await measureBusinessOrders(server, ownerCookie, BUSINESS, {
          durationSeconds: SECONDS,
          runs: RUNS,
          sharedCores: SHARED_CORES,
        })),
      )
    } finally {
      await server.stop()
    }

    // Last, as it releases queued requests: every seeded member (2,000) holds a stream; the quick run, 10 of them.
    const memberEmails = quick
      ? Array.from({ length: 10 }, (_, index) => `bench-1-${index}@example.com`)
      : [
          BENCH_MEMBER.email,
          BENCH_BULK_MEMBER.email,
          ...Array.from({ length: SMALL.users - 2 }, (_, index) => `bench-0-${index + 2}@example.com`),
          ...Array.from({ length: FULL.users - SMALL.users }, (_, index) => `bench-1-${index}@example.com`),
        ]
    report.rows.push(
      ...(await measureBusyDay({
        quick,
        env: { ...env, ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) },
        onPostgres: Boolean(serverUrl),
        admin: BENCH_ADMIN,
        memberEmails,
        memberPassword: BENCH_MEMBER.password,
      })),
    )
  } finally {
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  report.durationSeconds = Math.round((performance.now() - started) / 1000)
  await printReport(report)
}

await main()
