import { AdminRequestListSchema } from '@keydesk/contracts/admin'
import { cartTotalCents, unitPrice } from '@keydesk/contracts/cart-total'
import { toCents } from '@keydesk/contracts/money'
import { type ServicePlan, TURNAROUND_MINUTES } from '@keydesk/contracts/service-levels'
import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleMakes, vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAgain, uniqueEmail } from '../../../test/accounts.ts'
import { paidColumns, paidGuestOrder, payInSandbox, startRequest } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout } from '../../../test/payments.ts'
import { validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

/** The SLA queue (docs/decisions/016): deadlines fixed at payment, queues in deadline order, searches by index. */
const clock = testClock(new Date('2026-03-02T15:00:00Z'))
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const MINUTE = 60_000
const db = () => testApp.app.database.db

const queue = async (which: 'pending' | 'in-progress', query = '', who: SignedIn = admin) => {
  const answer = await testApp.app.inject({ method: 'GET', url: `/api/admin/${which}-requests${query}`, headers: who.headers })
  expect(answer.statusCode, answer.body).toBe(200)
  return AdminRequestListSchema.parse(answer.json())
}

const search = (term: string, extra = '') => queue('pending', `?search=${encodeURIComponent(term)}&limit=100${extra}`)

/** A member holding `holding` pays one keycode at the cart's own total; answers the request id. */
async function memberPays(holding: { tier?: SubscriptionTier; trialTier?: SubscriptionTier }, fields: Record<string, string> = {}) {
  const member = await registerAndSignIn(testApp, fields)
  if (holding.tier) await db().update(users).set({ subscriptionTier: holding.tier }).where(eq(users.id, member.id))
  if (holding.trialTier) {
    await db()
      .update(users)
      .set({ trialTier: holding.trialTier, trialEndsAt: new Date(clock.now().getTime() + 3 * 24 * 60 * MINUTE) })
      .where(eq(users.id, member.id))
  }
  await addRequestsToCart(testApp, 1, member.headers)
  const cart = await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })
  const items = cart.json() as { kind: 'KEYCODE'; finalPrice: number; discountPercent: number }[]
  const { totalCents } = cartTotalCents(
    items.map((item) => ({ kind: item.kind, cents: toCents(unitPrice(item)), discountPercent: item.discountPercent })),
    holding.tier ?? holding.trialTier ?? 'NONE',
  )
  const started = await checkout(testApp, totalCents, member.headers)
  expect(started.statusCode, started.body).toBe(200)
  const row = await payInSandbox(testApp, started.json().sessionId)
  return { member, transaction: row, requestId: row.items.find((item) => item.vehicleRequestId)?.vehicleRequestId as string }
}

async function storedDeadline(requestId: string) {
  const [row] = await db()
    .select({ paidAt: vehicleRequests.paidAt, dueAt: vehicleRequests.dueAt, servicePlan: vehicleRequests.servicePlan })
    .from(vehicleRequests)
    .where(eq(vehicleRequests.id, requestId))
  if (!row?.paidAt || !row.dueAt) throw new Error('request not paid')
  return { plan: row.servicePlan, minutes: (row.dueAt.getTime() - row.paidAt.getTime()) / MINUTE }
}

describe('dueAt: the deadline set at payment', () => {
  const cases: [string, { tier?: SubscriptionTier; trialTier?: SubscriptionTier }, ServicePlan, number][] = [
    ['Enterprise: 30 minutes', { tier: 'ENTERPRISE' }, 'ENTERPRISE', 30],
    ['Professional: 1 hour', { tier: 'PROFESSIONAL' }, 'PROFESSIONAL', 60],
    ['a trial, of any tier: 1 hour', { trialTier: 'ENTERPRISE' }, 'TRIAL', 60],
    ['Basic: 24 hours', { tier: 'BASIC' }, 'BASIC', 24 * 60],
    ['no plan: 48 hours', {}, 'NONE', 48 * 60],
  ]
  for (const [name, holding, plan, minutes] of cases) {
    it(`a member on ${name}`, async () => {
      const { requestId } = await memberPays(holding)
      expect(await storedDeadline(requestId)).toEqual({ plan, minutes })
      expect(TURNAROUND_MINUTES[plan]).toBe(minutes)
    })
  }

  it('a guest: 48 hours', async () => {
    const { requestId } = await paidGuestOrder(testApp)
    expect(await storedDeadline(requestId)).toEqual({ plan: 'NONE', minutes: 48 * 60 })
  })

  it('an expired trial counts as no plan', async () => {
    const member = await registerAndSignIn(testApp)
    await db()
      .update(users)
      .set({ trialTier: 'PROFESSIONAL', trialEndsAt: new Date(clock.now().getTime() - MINUTE) })
      .where(eq(users.id, member.id))
    await addRequestsToCart(testApp, 1, member.headers)
    const row = await payInSandbox(testApp, (await checkout(testApp, 6000, member.headers)).json().sessionId)
    const requestId = row.items.find((item) => item.vehicleRequestId)?.vehicleRequestId as string
    expect(await storedDeadline(requestId)).toEqual({ plan: 'NONE', minutes: 48 * 60 })
  })

  it('does not change later: a plan bought afterwards leaves it, and the database refuses a direct change', async () => {
    const { member, requestId } = await memberPays({})
    await db().update(users).set({ subscriptionTier: 'ENTERPRISE' }).where(eq(users.id, member.id))
    expect(await storedDeadline(requestId)).toEqual({ plan: 'NONE', minutes: 48 * 60 })
    await expect(db().update(vehicleRequests).set({ dueAt: new Date() }).where(eq(vehicleRequests.id, requestId))).rejects.toThrow()
    await expect(db().update(vehicleRequests).set({ servicePlan: 'ENTERPRISE' }).where(eq(vehicleRequests.id, requestId))).rejects.toThrow()
  })

  it('a paid request without a deadline is refused by the database', async () => {
    const { requestId } = await paidGuestOrder(testApp)
    await db().execute(sql`alter table vehicle_requests disable trigger vehicle_requests_paid_vehicle_frozen`)
    try {
      await expect(db().update(vehicleRequests).set({ dueAt: null }).where(eq(vehicleRequests.id, requestId))).rejects.toThrow()
    } finally {
      await db().execute(sql`alter table vehicle_requests enable trigger vehicle_requests_paid_vehicle_frozen`)
    }
  })
})

describe('the queues', () => {
  it('answer each item with its plan and deadline, earliest deadline first', async () => {
    // Paid in this order: no plan, then Basic, then Enterprise. The Enterprise request is due first.
    const slow = await memberPays({})
    clock.advance(MINUTE)
    const basic = await memberPays({ tier: 'BASIC' })
    clock.advance(MINUTE)
    const fast = await memberPays({ tier: 'ENTERPRISE' })
    const ids = (await queue('pending', '?limit=100')).map((item) => item.id)
    const positions = [fast.requestId, basic.requestId, slow.requestId].map((id) => ids.indexOf(id))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    const [item] = (await queue('pending', '?limit=100')).filter((entry) => entry.id === fast.requestId)
    expect(item?.servicePlan).toBe('ENTERPRISE')
    expect(new Date(item?.dueAt ?? 0).getTime() - new Date(item?.paidAt ?? 0).getTime()).toBe(30 * MINUTE)
    expect(item?.buyerName).toBe('Lena Locksmith')
    const all = await queue('pending', '?limit=100')
    const dueTimes = all.map((entry) => new Date(entry.dueAt).getTime())
    expect(dueTimes).toEqual([...dueTimes].sort((a, b) => a - b))
  })

  it('show who started a request to every admin', async () => {
    const { requestId } = await memberPays({})
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    const other = await signedInAdmin(testApp)
    const [item] = (await queue('in-progress', '?limit=100', other)).filter((entry) => entry.id === requestId)
    expect(item?.startedBy?.name).toBe('Ada Admin')
    expect(item?.startedBy?.at).toBe(clock.now().toISOString())
    expect((await search(requestId)).some((entry) => entry.id === requestId)).toBe(false)
  })

  it('count each queue and its overdue requests', async () => {
    const count = async () => (await testApp.app.inject({ method: 'GET', url: '/api/admin/queue-counts', headers: admin.headers })).json()
    const before = await count()
    expect(before.pending).toBe((await queue('pending', '?limit=100')).length)
    await memberPays({ tier: 'ENTERPRISE' })
    const paid = await count()
    expect(paid.pending).toBe(before.pending + 1)
    expect(paid.overduePending).toBe(before.overduePending)
    clock.advance(31 * MINUTE)
    await signInAgain(testApp, admin)
    const late = await count()
    expect(late.overduePending).toBeGreaterThanOrEqual(before.overduePending + 1)
    expect(late.overduePending).toBeLessThanOrEqual(late.pending)
  })
})

describe('queue search', () => {
  let target: Awaited<ReturnType<typeof memberPays>>
  let guest: Awaited<ReturnType<typeof paidGuestOrder>>
  let vin: string

  beforeAll(async () => {
    target = await memberPays({}, { fname: 'Marguerite', lname: 'Quenneville', email: uniqueEmail('MQ.Search'), phone: '(614) 555-0199' })
    guest = await paidGuestOrder(testApp, uniqueEmail('walkin.searchable'))
    const [row] = await db().select({ vin: vehicleRequests.vin }).from(vehicleRequests).where(eq(vehicleRequests.id, target.requestId))
    vin = row?.vin ?? ''
  })

  const finds = async (term: string, id = target.requestId) => (await search(term)).some((entry) => entry.id === id)

  it('finds a request by the start of its VIN, in any case', async () => {
    expect(await finds(vin.slice(0, 11).toLowerCase())).toBe(true)
  })

  it('finds a request by the last characters of its VIN', async () => {
    expect(await finds(vin.slice(-8))).toBe(true)
  })

  it('finds a request by its confirmation number, in any case', async () => {
    expect(await finds(target.transaction.confirmationNumber.toLowerCase())).toBe(true)
  })

  it("finds a request by the start of the buyer's e-mail, in any case", async () => {
    expect(await finds(target.member.email.slice(0, 12).toUpperCase())).toBe(true)
  })

  it("finds a request by the buyer's first name, last name or full name", async () => {
    expect(await finds('marguer')).toBe(true)
    expect(await finds('QUENNEV')).toBe(true)
    expect(await finds('Marguerite Quen')).toBe(true)
  })

  it("finds a request by the buyer's phone, however its digits are typed", async () => {
    expect(await finds('614-555-0199')).toBe(true)
    expect(await finds('(614) 555')).toBe(true)
    expect(await finds('615-555-0199')).toBe(false)
  })

  it('answers each term with its own matches when the same kind of search runs again and again', async () => {
    // A search of one shape is one prepared statement: ten runs with other values must not answer with earlier ones.
    const terms = ['marguer', 'zzz-nobody', vin.slice(-8), 'yyy-nobody', target.transaction.confirmationNumber]
    for (const term of [...terms, ...terms]) {
      expect(await finds(term)).toBe(!term.endsWith('-nobody'))
    }
  })

  it("finds a guest's request by the e-mail given at checkout", async () => {
    expect(await finds('WALKIN.SEARCHABLE', guest.requestId)).toBe(true)
  })

  it('answers only matches, and nothing for a term nobody has', async () => {
    const matches = await search('marguerite')
    expect(matches.map((entry) => entry.id)).toEqual([target.requestId])
    expect(await search('zzz-nobody')).toEqual([])
  })

  it('treats LIKE wildcards as plain characters', async () => {
    expect(await search('%')).toEqual([])
    expect(await search('_')).toEqual([])
  })

  it('searches the in-progress queue the same way', async () => {
    expect((await startRequest(testApp, admin, target.requestId)).statusCode).toBe(200)
    expect(await finds('marguerite')).toBe(false)
    const inProgress = await queue('in-progress', '?search=quenneville')
    expect(inProgress.map((entry) => entry.id)).toEqual([target.requestId])
  })

  it('refuses a search longer than 100 characters with a clear message', async () => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/pending-requests?search=${'a'.repeat(101)}`,
      headers: admin.headers,
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toContain('Search for at most 100 characters.')
  })
})

describe('paging at volume', () => {
  it('pages 2,400 requests in deadline order with no gaps or repeats, the search read from indexes', async () => {
    const [honda] = await db().select({ id: vehicleMakes.id }).from(vehicleMakes).where(eq(vehicleMakes.name, 'Honda'))
    const plans: ServicePlan[] = ['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE', 'TRIAL']
    const base = clock.now().getTime()
    const rows = Array.from({ length: 2400 }, (_, index) => ({
      makeId: honda?.id ?? 0,
      model: 'Civic',
      year: 2016,
      vin: validVin('1HGCR2F3', 'G', String(500000 + index)),
      priceCents: 6000,
      status: 'PENDING' as const,
      ...paidColumns(new Date(base - index * MINUTE), plans[index % plans.length]),
    }))
    for (let start = 0; start < rows.length; start += 500)
      await db()
        .insert(vehicleRequests)
        .values(rows.slice(start, start + 500))
    await db().execute(sql`analyze vehicle_requests`)
    await db().execute(sql`analyze users`)
    await db().execute(sql`analyze transactions`)

    const seen: string[] = []
    let previousDue = 0
    for (let offset = 0; ; offset += 100) {
      const page = await queue('pending', `?limit=100&offset=${offset}`)
      for (const item of page) {
        const due = new Date(item.dueAt).getTime()
        expect(due).toBeGreaterThanOrEqual(previousDue)
        previousDue = due
        seen.push(item.id)
      }
      if (page.length < 100) break
    }
    expect(seen.length).toBeGreaterThanOrEqual(2400)
    expect(new Set(seen).size).toBe(seen.length)

    const lastSix = rows[1234]?.vin.slice(-6) ?? ''
    expect((await search(lastSix)).map((entry) => entry.vin)).toContain(rows[1234]?.vin)

    // The planner reads each search branch from its index, never the whole table.
    const plan: unknown = await db().execute(
      sql`explain select id from vehicle_requests where status = 'PENDING' and paid_at is not null and id in (
        select id from vehicle_requests where vin like ${`${lastSix}%`}
        union select id from vehicle_requests where reverse(vin) like ${`${[...lastSix].reverse().join('')}%`})
        order by due_at, id limit 100`,
    )
    const text = JSON.stringify(plan)
    expect(text).toContain('vehicle_requests_vin_prefix_idx')
    expect(text).toContain('vehicle_requests_vin_suffix_idx')
  })
})

describe('who may read the queues', () => {
  it('refuses members (403) and visitors (401) a search and the counts', async () => {
    const member = await registerAndSignIn(testApp)
    for (const url of ['/api/admin/pending-requests?search=a', '/api/admin/in-progress-requests?search=a', '/api/admin/queue-counts']) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(403)
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    }
  })

  it('lets a super admin read them', async () => {
    const superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/queue-counts', headers: superAdmin.headers })).statusCode).toBe(200)
    expect(Array.isArray(await queue('pending', '?search=a', superAdmin))).toBe(true)
  })
})
