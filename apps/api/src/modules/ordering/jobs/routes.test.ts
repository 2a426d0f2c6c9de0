import { JOB_MESSAGES, type JobListEntry } from '@keydesk/contracts/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn, type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder } from '../../../test/paid-orders.ts'
import { addRequestsToCart } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

const clock = testClock()
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

const saveJob = (member: SignedIn, requestId: string, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: `/api/vehicle/requests/${requestId}/job`, headers: member.headers, payload })
const jobs = async (member: SignedIn, search = ''): Promise<{ jobs: JobListEntry[]; total: number }> =>
  (await testApp.app.inject({ method: 'GET', url: `/api/user/jobs?search=${encodeURIComponent(search)}`, headers: member.headers })).json()

const customer = {
  customerName: 'Dana Whitfield',
  customerPhone: '+1 (416) 555-0142',
  jobAddress: '12 King St W, Toronto',
  plate: 'cbkr 447',
  notes: 'Lost both keys.',
}

describe('PUT /vehicle/requests/{id}/job', () => {
  it("records the job of the member's own order and answers it", async () => {
    const { member, requestId } = await paidMemberOrder(testApp)
    const answer = await saveJob(member, requestId, customer)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ requestId, ...customer })
  })

  it('keeps a field left out and clears an empty one', async () => {
    const { member, requestId } = await paidMemberOrder(testApp)
    await saveJob(member, requestId, customer)
    const answer = await saveJob(member, requestId, { notes: 'Cut and programmed.', plate: '' })
    expect(answer.json()).toMatchObject({ customerName: customer.customerName, notes: 'Cut and programmed.', plate: null })
  })

  it('refuses a phone or a plate it could not search, in words, and writes nothing', async () => {
    const { member, requestId } = await paidMemberOrder(testApp)
    const phone = await saveJob(member, requestId, { ...customer, customerPhone: 'call the shop' })
    expect(phone.statusCode).toBe(400)
    expect(phone.body).toContain(JOB_MESSAGES.phoneInvalid)
    const plate = await saveJob(member, requestId, { plate: 'ÆØ#1' })
    expect(plate.body).toContain(JOB_MESSAGES.plateInvalid)
    expect((await jobs(member)).total).toBe(0)
  })

  it("answers 404 for another member's request and a guest's, and writes nothing", async () => {
    const owner = await paidMemberOrder(testApp)
    const other = await registerAndSignIn(testApp)
    const guest = await paidGuestOrder(testApp)
    for (const requestId of [owner.requestId, guest.requestId]) {
      const answer = await saveJob(other, requestId, customer)
      expect(answer.statusCode).toBe(404)
      expect(answer.json().message).toBe(JOB_MESSAGES.notFound)
    }
    expect((await jobs(owner.member)).total).toBe(0)
  })

  it("is refused to visitors and to the back office: a job record is the member's own", async () => {
    const { requestId } = await paidMemberOrder(testApp)
    const admin = await signedInAdmin(testApp)
    expect((await testApp.app.inject({ method: 'PUT', url: `/api/vehicle/requests/${requestId}/job`, payload: customer })).statusCode).toBe(
      401,
    )
    expect((await saveJob(admin, requestId, customer)).statusCode).toBe(403)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/user/jobs', headers: admin.headers })).statusCode).toBe(403)
  })

  it('records a job for a request still in the cart', async () => {
    const member = await registerAndSignIn(testApp)
    const { requestIds } = await addRequestsToCart(testApp, 1, member.headers)
    const answer = await saveJob(member, requestIds[0] as string, { customerName: 'Cart Customer' })
    expect(answer.statusCode).toBe(200)
    expect((await jobs(member)).jobs[0]?.order).toMatchObject({ paid: false, confirmationNumber: null })
  })
})

describe('GET /vehicle/requests/{id}/job', () => {
  it("answers the job the member wrote, null before there is one, and 404 for another member's request", async () => {
    const { member, requestId } = await paidMemberOrder(testApp)
    const read = () => testApp.app.inject({ method: 'GET', url: `/api/vehicle/requests/${requestId}/job`, headers: member.headers })
    expect((await read()).json()).toBeNull()
    await saveJob(member, requestId, customer)
    expect((await read()).json()).toMatchObject({ requestId, ...customer })
    const other = await registerAndSignIn(testApp)
    const refused = await testApp.app.inject({ method: 'GET', url: `/api/vehicle/requests/${requestId}/job`, headers: other.headers })
    expect(refused.statusCode).toBe(404)
  })
})

describe('GET /user/jobs', () => {
  it("finds a customer who calls back by name, phone, plate, VIN or confirmation number, with the order's key type", async () => {
    const { member, requestId, transaction } = await paidMemberOrder(testApp)
    await saveJob(member, requestId, customer)
    const other = await paidMemberOrder(testApp)
    await saveJob(other.member, other.requestId, { customerName: 'Dana Elsewhere', customerPhone: '416 555 0142' })
    const vin = (transaction.items[0]?.vehicle?.vin ?? '') as string

    for (const search of [
      'dana',
      'Dana Whit',
      '555-0142',
      '5550142',
      'CBKR447',
      'cbkr 447',
      vin.slice(-6),
      vin,
      transaction.confirmationNumber,
    ]) {
      const found = await jobs(member, search)
      expect(
        found.jobs.map((job) => job.requestId),
        search,
      ).toEqual([requestId])
    }
    const [job] = (await jobs(member, 'dana')).jobs
    expect(job).toMatchObject({
      ...customer,
      order: {
        make: 'Honda',
        model: 'Civic',
        year: 2016,
        vin,
        paid: true,
        confirmationNumber: transaction.confirmationNumber,
        keyBlank: null,
      },
    })
  })

  it('finds nothing for a term that matches none of the fields, and lists every job without a term, latest first', async () => {
    const member = await registerAndSignIn(testApp)
    const { requestIds } = await addRequestsToCart(testApp, 2, member.headers)
    await saveJob(member, requestIds[0] as string, { customerName: 'First' })
    clock.advance(1000)
    await saveJob(member, requestIds[1] as string, { customerName: 'Second' })
    expect((await jobs(member, 'zz-nobody')).total).toBe(0)
    const all = await jobs(member)
    expect(all.total).toBe(2)
    expect(all.jobs.map((job) => job.customerName)).toEqual(['Second', 'First'])
  })
})
