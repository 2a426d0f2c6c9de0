import { randomUUID } from 'node:crypto'
import { dueAtFor } from '@keydesk/contracts/service-levels'
import { eq, sql } from 'drizzle-orm'
import { type DatabaseSource, openDatabase } from '../apps/api/src/db/database.ts'
import { vehicleMakes, vehicleRequests } from '../apps/api/src/db/schema/ordering.ts'
import { teamLocations, teamMemberLocations, teamMembers } from '../apps/api/src/db/schema/teams.ts'
import { users } from '../apps/api/src/db/schema/users.ts'
import { encryptSecret } from '../apps/api/src/lib/secret-box.ts'
import { hashPassword } from '../apps/api/src/modules/accounts/members/passwords.ts'
import { type LoadFigures, measure } from './load.ts'
import type { RunningServer } from './processes.ts'
import type { ReportRow } from './report.ts'
import { benchVin } from './seed.ts'

/** The Enterprise business of the teams issue: 50 locations, 500 people, 100,000 orders (the quick run: a fiftieth). */
export interface BusinessVolume {
  locations: number
  people: number
  orders: number
}
export const BUSINESS_OWNER = { email: 'bench-business@keydesk.local', password: 'bench-business-password-1' }

const CHUNK = 1000
const MINUTE_MS = 60_000
/** VIN serials of the business's orders, clear of seedVolume's and the archive member's. */
const VIN_SERIAL_BASE = 600_000

/**
 * Seeds the business while the server is down (PGlite is one process): the validated Enterprise owner, its
 * locations, its people (technicians, each at one location) and their paid, fulfilled orders a minute apart with
 * sealed keycodes, so the owner's list decrypts a page of codes as it does on a real day.
 */
export async function seedBusiness(source: DatabaseSource, key: Buffer, volume: BusinessVolume): Promise<void> {
  const database = await openDatabase(source)
  const { db } = database
  try {
    const [honda] = await db.select({ id: vehicleMakes.id }).from(vehicleMakes).where(eq(vehicleMakes.name, 'Honda'))
    if (!honda) throw new Error('the catalogue is not seeded: start the app once first')
    const businessId = randomUUID()
    await db.insert(users).values({
      id: businessId,
      email: BUSINESS_OWNER.email,
      passwordHash: await hashPassword(BUSINESS_OWNER.password),
      fname: 'Bench',
      lname: 'Owner',
      company: 'Bench Locks',
      state: 'Ohio',
      isValidatedUser: true,
      subscriptionTier: 'ENTERPRISE',
    })
    const locations = await db
      .insert(teamLocations)
      .values(
        Array.from({ length: volume.locations }, (_, index) => ({
          businessId,
          name: `Shop ${index + 1}`,
          address: `${index + 1} Main St`,
          region: 'Ohio',
          phone: '555-0100',
        })),
      )
      .returning({ id: teamLocations.id })
    // People never sign in here: one hash serves them all.
    const passwordHash = await hashPassword(BUSINESS_OWNER.password)
    const people = Array.from({ length: volume.people }, (_, index) => ({
      id: randomUUID(),
      locationId: locations[index % locations.length]?.id ?? '',
      index,
    }))
    await inChunks(people, (chunk) =>
      db.insert(users).values(
        chunk.map((person) => ({
          id: person.id,
          email: `bench-tech-${person.index}@keydesk.local`,
          passwordHash,
          fname: 'Tech',
          lname: `T${person.index}`,
          state: 'Ohio',
          isValidatedUser: true,
        })),
      ),
    )
    await inChunks(people, (chunk) =>
      db.insert(teamMembers).values(chunk.map((person) => ({ userId: person.id, businessId, role: 'TECHNICIAN' as const }))),
    )
    await inChunks(people, (chunk) =>
      db.insert(teamMemberLocations).values(chunk.map((person) => ({ userId: person.id, locationId: person.locationId }))),
    )
    const now = Date.now()
    const orders = Array.from({ length: volume.orders }, (_, index) => {
      const person = people[index % people.length]
      const paidAt = new Date(now - (index + 1) * MINUTE_MS)
      return {
        userId: person?.id ?? businessId,
        businessId,
        locationId: person?.locationId,
        makeId: honda.id,
        model: 'Civic',
        year: 2016,
        vin: benchVin(VIN_SERIAL_BASE + index),
        status: 'FULFILLED' as const,
        priceCents: 6000,
        paidPriceCents: 4500,
        paidAt,
        servicePlan: 'ENTERPRISE' as const,
        dueAt: dueAtFor('ENTERPRISE', paidAt),
        fulfilledAt: paidAt,
        keycodeEncrypted: encryptSecret(`B${index}`, key),
        createdAt: paidAt,
        updatedAt: paidAt,
      }
    })
    await inChunks(orders, (chunk) => db.insert(vehicleRequests).values(chunk))
    // What autovacuum would do soon after such a load: the planner needs the new rows' statistics.
    await db.execute(sql`analyze`)
  } finally {
    await database.close()
  }
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK))
}

/**
 * The owner reads the business's orders as the Team page does (`GET /api/team/orders`): the first page, one
 * location's first page, and the page after the first by its cursor, each under 10 connections.
 */
export async function measureBusinessOrders(
  server: RunningServer,
  cookie: string,
  volume: BusinessVolume,
  load: { durationSeconds: number; runs: number; sharedCores: string },
): Promise<ReportRow[]> {
  const get = async (url: string) => {
    const answer = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } })
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`)
    return (await answer.json()) as { orders: { location: { id: string } | null }[]; nextBefore: string | null }
  }
  const first = await get('/api/team/orders')
  const locationId = first.orders[0]?.location?.id
  if (first.orders.length === 0 || !locationId || !first.nextBefore) throw new Error('the owner’s list answered no full first page')
  const pages = [
    ['first page', '/api/team/orders'],
    ['one location’s first page', `/api/team/orders?locationId=${locationId}`],
    ['second page by its cursor', `/api/team/orders?before=${encodeURIComponent(first.nextBefore)}`],
  ] as const
  const rows: ReportRow[] = []
  for (const [name, url] of pages) {
    const figures: LoadFigures = await measure({
      url: `${server.baseUrl}${url}`,
      connections: 10,
      durationSeconds: load.durationSeconds,
      runs: load.runs,
      headers: { cookie },
      serverPid: server.child.pid,
    })
    rows.push({
      scenario: `Enterprise owner's order list, ${volume.locations} locations, ${volume.people.toLocaleString('en-US')} people, ${volume.orders.toLocaleString('en-US')} orders: ${name} (10 connections)`,
      figure: `${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50} ms, p95 ${figures.p95.toFixed(1)} ms, p97.5 ${figures.p97_5} ms, p99 ${figures.p99} ms, non-2xx ${figures.non2xx}, server CPU ${figures.serverCpuMsPerRequest?.toFixed(2)} ms per answer`,
      target: 'p95 < 50 ms on PostgreSQL',
      met: figures.p95 < 50 && figures.non2xx === 0,
      missedBy: `${(figures.p95 - 50).toFixed(1)} ms at p95`,
      why: `Three statements a call (the account, its standing in the business, the page: one statement prepared per filter shape, walking vehicle_requests_business_idx or the location's index); each call costs the server ${figures.serverCpuMsPerRequest?.toFixed(2)} ms of CPU (the three round trips, 50 rows mapped, validated by Zod and written, keycodes opened once per process), and 10 calls in flight queue on ${load.sharedCores}.`,
    })
  }
  return rows
}
