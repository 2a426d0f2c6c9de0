import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from './processes.ts'

/** Every scenario of the benchmark issue must appear in the table, so the benchmark cannot silently rot. */
const scenarios = [
  /Admin list at 1,000 requests: transactions, search by VIN/,
  /Admin list at 5,000 requests: pending requests/,
  /Seeding 100 users, 5,000 requests, 1,000 transactions/,
  /Cold start to first 200/,
  /Limit: bare node:http/,
  /GET \/api\/pricing through Keydesk/,
  /Peer ratio: GET \/api\/pricing/,
  /Peer ratio: GET \/api\/vehicle\/user-requests/,
  /Peer ratio: GET \/api\/admin\/pending-requests, first page/,
  /Signed-in read: GET \/api\/vehicle\/user-requests/,
  /Signed-in read: server CPU per answer/,
  /Write path: guest keycode request with three/,
  /Login \(argon2id/,
  /First visit to \//,
  /Lighthouse/,
  /Hostile uploads: server peak memory/,
  /Hostile uploads: other users' sign-in p50/,
  /Member's data archive: 500 orders and 50 MB of documents/,
  /Enterprise owner's order list, 5 locations, 20 people, 1,000 orders: first page/,
  /Hostile bulk text: another user's GET \/api\/health/,
  /Busy day, one process: open order-status streams held/,
  /Busy day, one process: admin release → member's FULFILLED status event/,
  /Busy day, two processes sharing PostgreSQL/,
]

describe('npm run bench -- --quick', () => {
  let run: SpawnSyncReturns<string>
  let seconds = 0
  let rows: string[][] = []

  beforeAll(() => {
    const started = Date.now()
    run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick'], { cwd: repoRoot, encoding: 'utf8' })
    seconds = (Date.now() - started) / 1000
    rows = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| scenario'))
      .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, '').trim()))
  }, 420_000)

  it('runs every scenario at small volume in under 5 minutes and prints the table', () => {
    expect(run.status, run.stderr).toBe(0)
    for (const scenario of scenarios) expect(run.stdout).toMatch(scenario)
    expect(rows.length).toBeGreaterThanOrEqual(scenarios.length)
    for (const [scenario, figure, target, verdict, why] of rows) {
      expect([scenario, figure, target, verdict].every(Boolean), `${scenario}: a cell is empty`).toBe(true)
      // A missed target says by how much and why.
      if (verdict !== 'met') {
        expect(verdict, scenario).toMatch(/^missed by \S/)
        expect(why, scenario).toMatch(/\w{3}/)
      }
    }
    // 65-85 s on an idle 2-core machine before the peer and busy-day rows; with them 222-231 s at load average 8-9,
    // when other test runs shared the machine. The bound keeps it a quick run without failing CI on a busy machine.
    expect(seconds).toBeLessThan(300)
  })

  it('has every call of every scenario answered as it should be, none refused', () => {
    // A scenario whose calls the server refuses measures nothing (the quick hostile uploads once sent a guest's request
    // without the proof of ownership a guest must now add).
    for (const [scenario, , , verdict] of rows) expect(verdict, scenario).not.toMatch(/refused|failed/)
  })

  it("prints Keydesk's CPU per answer as a ratio to the hand-written peer's for each of the three calls, with its target", () => {
    const ratios = rows.filter(([scenario]) => scenario?.startsWith('Peer ratio: '))
    expect(ratios.map(([scenario, , target]) => [/GET (\S+)/.exec(scenario ?? '')?.[1], target])).toEqual([
      ['/api/pricing,', '≤ 1.1×'],
      ['/api/vehicle/user-requests', '≤ 1.5×'],
      ['/api/admin/pending-requests,', '≤ 1.5×'],
    ])
    for (const [scenario, figure, , verdict] of ratios) {
      const match = /^(\d+\.\d\d)× \(Keydesk (\d+\.\d+) ms, peer (\d+\.\d+) ms; peer \d+ req\/s, p99 \d+ ms, non-2xx 0\)$/.exec(
        figure ?? '',
      )
      expect(match, `${scenario}: ${figure}`).not.toBeNull()
      const [ratio, keydesk, peer] = (match ?? []).slice(1).map(Number) as [number, number, number]
      expect(peer, scenario).toBeGreaterThan(0)
      // The ratio printed is the two printed figures' (to their rounding).
      expect(Math.abs(ratio - keydesk / peer), scenario).toBeLessThan(0.03 + (0.0005 / peer) * ratio)
      expect(verdict, scenario).toMatch(/^(met|missed by \d+\.\d\d×)$/)
    }
  })
})
