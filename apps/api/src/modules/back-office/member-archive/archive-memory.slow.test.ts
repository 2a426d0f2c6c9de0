import { randomBytes } from 'node:crypto'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { vehicleMakes, vehicleRequests } from '../../../db/schema/ordering.ts'
import { transactions } from '../../../db/schema/payments.ts'
import { encryptSecret } from '../../../lib/secret-box.ts'
import { registerAndSignIn } from '../../../test/accounts.ts'
import { paidColumns } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

const ORDERS = 500
const FILES = 10
const FILE_BYTES = 5 * 1024 * 1024

let testApp: TestApp
let address: string

beforeAll(async () => {
  testApp = await createTestApp()
  address = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  await testApp.close()
})

// A collection before the start figure, so the seeding's garbage does not hide what the archive adds.
setFlagsFromString('--expose-gc')
// Buffers the collection found dead are freed by it, not later on a background thread: a sample right after it then
// counts only what is held (with the default, between 0 and 42 MB of freed Buffers were still counted).
setFlagsFromString('--no-concurrent-array-buffer-sweeping')
const collectGarbage = runInNewContext('gc') as () => void

/** What the process holds that can grow with the archive: the JavaScript heap and the Buffers outside it. */
const held = () => {
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

it(`streams the archive of a member with ${ORDERS} orders and ${(FILES * FILE_BYTES) / 2 ** 20} MB of files without holding it`, async () => {
  const member = await registerAndSignIn(testApp)
  const { db } = testApp.app.database
  const [make] = await db.select({ id: vehicleMakes.id }).from(vehicleMakes).where(eq(vehicleMakes.name, 'Honda'))
  if (!make) throw new Error('the catalogue has no Honda')
  const paid = paidColumns(testApp.app.clock.now())
  await db.insert(vehicleRequests).values(
    Array.from({ length: ORDERS }, (_, index) => ({
      userId: member.id,
      makeId: make.id,
      model: 'Civic',
      year: 2016,
      vin: `2HGFC2F59GH${String(index).padStart(6, '0')}`,
      status: 'FULFILLED' as const,
      priceCents: 6000,
      paidPriceCents: 6000,
      keycodeEncrypted: encryptSecret(`K${index}`, testApp.app.secretKey),
      ...paid,
    })),
  )
  await db.insert(transactions).values(
    Array.from({ length: ORDERS }, (_, index) => ({
      confirmationNumber: `MEM-${member.id.slice(0, 8)}-${index}`,
      userId: member.id,
      status: 'PAID' as const,
      amountCents: 6000,
      items: [{ kind: 'KEYCODE' as const, name: 'Honda keycode', description: 'Civic 2016', amountCents: 6000 }],
      provider: 'sandbox',
      paidAt: paid.paidAt,
    })),
  )
  for (let index = 0; index < FILES; index += 1) {
    const storageKey = await testApp.app.storage.put(randomBytes(FILE_BYTES), 'pdf')
    await db
      .insert(files)
      .values({ ownerUserId: member.id, storageKey, contentType: 'application/pdf', sizeBytes: FILE_BYTES, purpose: 'COI' })
  }

  collectGarbage()
  const before = held()
  const rssBefore = process.memoryUsage().rss
  let peak = before
  let rssPeak = rssBefore
  // Collected before each sample, so a sample counts what is held, not the garbage of files already sent.
  const sampler = setInterval(() => {
    collectGarbage()
    peak = Math.max(peak, held())
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  }, 250)
  // Over a real socket, as a browser reads it: the answer waits on the client, unlike inject's in-memory one.
  const answer = await fetch(`${address}/api/user/data-archive`, {
    method: 'POST',
    headers: { ...member.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: member.password }),
  })
  let bytes = 0
  for await (const chunk of answer.body ?? []) {
    bytes += chunk.length
  }
  clearInterval(sampler)
  const growthMb = (peak - before) / 2 ** 20
  const rssGrowthMb = (rssPeak - rssBefore) / 2 ** 20
  console.log(
    `data archive: ${(bytes / 2 ** 20).toFixed(1)} MB streamed; peak live heap and buffers ${growthMb.toFixed(1)} MB above the start, peak RSS ${rssGrowthMb.toFixed(1)} MB above it`,
  )
  expect(answer.status).toBe(200)
  expect(bytes).toBeGreaterThan(FILES * FILE_BYTES)
  // Holding the archive whole would take more than its 50 MB; a page of rows and one file at a time take a fraction.
  expect(growthMb).toBeLessThan(25)
}, 170_000)
