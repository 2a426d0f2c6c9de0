import { randomUUID } from 'node:crypto'
import { dueAtFor, ServicePlanSchema } from '@keydesk/contracts/service-levels'
import { vinCheckDigit } from '@keydesk/contracts/vin'
import { eq, sql } from 'drizzle-orm'
import { type DatabaseSource, openDatabase } from '../apps/api/src/db/database.ts'
import { vehicleMakes, vehicleRequests } from '../apps/api/src/db/schema/ordering.ts'
import { subscriptions, type TransactionItem, transactionRequests, transactions } from '../apps/api/src/db/schema/payments.ts'
import { users } from '../apps/api/src/db/schema/users.ts'
import { encryptSecret } from '../apps/api/src/lib/secret-box.ts'
import { hashPassword } from '../apps/api/src/modules/accounts/members/passwords.ts'
import { newConfirmationNumber } from '../apps/api/src/modules/ordering/payments/confirmation-number.ts'

const SERVICE_PLANS = ServicePlanSchema.options

export const BENCH_MEMBER = { email: 'bench-member@keydesk.local', password: 'bench-member-password-1' }
/** An Enterprise member for the bulk-ordering scenario (same password as every seeded account). */
export const BENCH_BULK_MEMBER = { email: 'bench-bulk@keydesk.local', password: BENCH_MEMBER.password }
/** The signed-in read scenario reads a member with this many requests. */
export const MEMBER_REQUESTS = 50

export interface Volume {
  users: number
  requests: number
  transactions: number
}

const CHUNK = 1000
const DAY_MS = 24 * 60 * 60 * 1000

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK))
}

/** A VIN with a correct check digit, different for every serial. */
export function benchVin(serial: number): string {
  const draft = `1HGCR2F30GA${String(serial % 1_000_000).padStart(6, '0')}`
  const yearCode = 'ABCDEFGHJKLMNPRSTVWXY'[Math.floor(serial / 1_000_000) % 21] ?? 'G'
  const withYear = `${draft.slice(0, 9)}${yearCode}${draft.slice(10)}`
  return `${withYear.slice(0, 8)}${vinCheckDigit(withYear)}${withYear.slice(9)}`
}

type RequestRow = typeof vehicleRequests.$inferInsert
type Status = 'PENDING' | 'INPROGRESS' | 'FULFILLED'

/**
 * Adds `volume` on top of what the database holds, with the app's own schema, password hashing, keycode
 * encryption and confirmation numbers. Requests spread over every state: 10% unpaid in a cart, 30% paid and
 * pending, 20% in progress, 40% fulfilled; paid requests are grouped into PAID transactions.
 * `batch` keeps e-mails and VINs of successive calls distinct.
 */
export async function seedVolume(source: DatabaseSource, key: Buffer, volume: Volume, batch: number): Promise<{ sampleVin: string }> {
  const database = await openDatabase(source)
  const { db } = database
  try {
    const [honda] = await db.select({ id: vehicleMakes.id }).from(vehicleMakes).where(eq(vehicleMakes.name, 'Honda'))
    if (!honda) throw new Error('the catalogue is not seeded: start the app once first')
    const passwordHash = await hashPassword(BENCH_MEMBER.password)
    const now = Date.now()

    const userRows = Array.from({ length: volume.users }, (_, index) => ({
      id: randomUUID(),
      email: `bench-${batch}-${index}@example.com`,
      passwordHash,
      fname: 'Bench',
      lname: `User ${index}`,
      state: 'Ohio',
      isValidatedUser: index % 3 === 0,
      createdAt: new Date(now - (index % 365) * DAY_MS),
    }))
    if (batch === 0) userRows[0] = { ...(userRows[0] as (typeof userRows)[number]), email: BENCH_MEMBER.email }
    if (batch === 0) userRows[1] = { ...(userRows[1] as (typeof userRows)[number]), email: BENCH_BULK_MEMBER.email }
    await inChunks(userRows, (chunk) => db.insert(users).values(chunk))
    if (batch === 0) await db.update(users).set({ subscriptionTier: 'ENTERPRISE' }).where(eq(users.email, BENCH_BULK_MEMBER.email))

    const statusOf = (index: number): { status: Status; paid: boolean } => {
      const bucket = index % 10
      if (bucket === 0) return { status: 'PENDING', paid: false }
      if (bucket <= 3) return { status: 'PENDING', paid: true }
      if (bucket <= 5) return { status: 'INPROGRESS', paid: true }
      return { status: 'FULFILLED', paid: true }
    }
    const requestRows: RequestRow[] = []
    const paidRequests: { id: string; status: Status; userId: string }[] = []
    for (let index = 0; index < volume.requests; index++) {
      // The bench member (first user of batch 0) owns the first MEMBER_REQUESTS requests; the rest spread evenly.
      const owner =
        batch === 0 && index < MEMBER_REQUESTS ? userRows[0] : (userRows[1 + (index % Math.max(1, userRows.length - 1))] ?? userRows[0])
      if (!owner) throw new Error('no users to own requests')
      const { status, paid } = statusOf(index)
      const createdAt = new Date(now - (volume.requests - index) * 60_000)
      const id = randomUUID()
      requestRows.push({
        id,
        userId: owner.id,
        makeId: honda.id,
        model: 'Civic',
        year: 2016,
        vin: benchVin(batch * volume.requests + index),
        status,
        priceCents: 6000,
        paidAt: paid ? createdAt : null,
        // A mix of plans, so the queue's deadline order is not the payment order.
        servicePlan: paid ? SERVICE_PLANS[index % SERVICE_PLANS.length] : null,
        dueAt: paid ? dueAtFor(SERVICE_PLANS[index % SERVICE_PLANS.length] ?? 'NONE', createdAt) : null,
        keycodeEncrypted: status === 'FULFILLED' ? encryptSecret(`K${index % 10000}`, key) : null,
        pincodeEncrypted: status === 'FULFILLED' && index % 2 === 0 ? encryptSecret(String(1000 + (index % 9000)), key) : null,
        startedAt: status === 'PENDING' ? null : createdAt,
        fulfilledAt: status === 'FULFILLED' ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      if (paid) paidRequests.push({ id, status, userId: owner.id })
    }
    await inChunks(requestRows, (chunk) => db.insert(vehicleRequests).values(chunk))

    const rank: Record<Status, number> = { PENDING: 0, INPROGRESS: 1, FULFILLED: 2 }
    const perTransaction = Math.max(1, Math.floor(paidRequests.length / Math.max(1, volume.transactions)))
    const transactionRows: (typeof transactions.$inferInsert)[] = []
    const links: (typeof transactionRequests.$inferInsert)[] = []
    for (let index = 0; index < volume.transactions && index * perTransaction < paidRequests.length; index++) {
      const group = paidRequests.slice(index * perTransaction, (index + 1) * perTransaction)
      const id = randomUUID()
      const items: TransactionItem[] = group.map((request) => ({
        kind: 'KEYCODE',
        name: 'Honda Civic 2016 keycode',
        description: 'Keycode lookup',
        amountCents: 6000,
        vehicleRequestId: request.id,
      }))
      const least = group.reduce<Status>((lowest, request) => (rank[request.status] < rank[lowest] ? request.status : lowest), 'FULFILLED')
      const createdAt = new Date(now - (volume.transactions - index) * 60_000)
      transactionRows.push({
        id,
        confirmationNumber: newConfirmationNumber(),
        userId: group[0]?.userId ?? null,
        status: 'PAID',
        amountCents: 6000 * group.length,
        items,
        provider: 'sandbox',
        providerSessionId: `cs_bench_${batch}_${index}`,
        orderStatus: least,
        paidAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      for (const request of group) links.push({ transactionId: id, vehicleRequestId: request.id })
    }
    await inChunks(transactionRows, (chunk) => db.insert(transactions).values(chunk))
    await inChunks(links, (chunk) => db.insert(transactionRequests).values(chunk))

    const planRows = userRows
      .filter((_, index) => index % 10 === 5)
      .map((user, index) => ({
        userId: user.id,
        tier: (['BASIC', 'PROFESSIONAL', 'ENTERPRISE'] as const)[index % 3] ?? 'BASIC',
        billing: 'MONTHLY' as const,
        startDate: new Date(now - DAY_MS),
        endDate: new Date(now + 29 * DAY_MS),
      }))
    await inChunks(planRows, (chunk) => db.insert(subscriptions).values(chunk))
    // As after any bulk load: fresh statistics, or the planner keeps costing the tables at their old size
    // (it scanned transaction_requests whole for a 25-order page until autovacuum caught up: 16 → 140 req/s).
    await db.execute(sql`analyze`)
    const sample = requestRows.find((_, index) => index % 10 === 4)
    return { sampleVin: sample?.vin ?? '' }
  } finally {
    await database.close()
  }
}
