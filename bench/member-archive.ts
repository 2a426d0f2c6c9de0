import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { dueAtFor } from '@keydesk/contracts/service-levels'
import { eq } from 'drizzle-orm'
import { type DatabaseSource, openDatabase } from '../apps/api/src/db/database.ts'
import { files } from '../apps/api/src/db/schema/files.ts'
import { vehicleMakes, vehicleRequests } from '../apps/api/src/db/schema/ordering.ts'
import { transactions } from '../apps/api/src/db/schema/payments.ts'
import { users } from '../apps/api/src/db/schema/users.ts'
import { encryptSecret } from '../apps/api/src/lib/secret-box.ts'
import { hashPassword } from '../apps/api/src/modules/accounts/members/passwords.ts'
import { newStorageKey } from '../apps/api/src/plugins/adapters/storage-keys.ts'
import { type RunningServer, rssMb, sampleRss } from './processes.ts'
import type { ReportRow } from './report.ts'
import { benchVin } from './seed.ts'

/** The member of issue "data stewardship": 500 orders and 50 MB of documents, whose archive must stream. */
const ORDERS = 500
const FILES = 10
const FILE_BYTES = 5 * 1024 * 1024
const ARCHIVE_MEMBER = { email: 'bench-archive@keydesk.local', password: 'bench-archive-password-1' }
/** Holding the archive whole would add at least its documents' 50 MB; streaming it adds a page of rows and a file's chunks. */
const GROWTH_TARGET_MB = (FILES * FILE_BYTES) / 2 ** 20

/**
 * Seeds the archive's member while the server is down (PGlite is one process): the account, its orders with their
 * sealed keycodes and payments, and its documents as files in DATA_DIR/uploads, where the server reads them.
 */
export async function seedArchiveMember(source: DatabaseSource, key: Buffer, dataDir: string): Promise<typeof ARCHIVE_MEMBER> {
  const database = await openDatabase(source)
  const { db } = database
  try {
    const [honda] = await db.select({ id: vehicleMakes.id }).from(vehicleMakes).where(eq(vehicleMakes.name, 'Honda'))
    if (!honda) throw new Error('the catalogue is not seeded: start the app once first')
    const userId = randomUUID()
    await db.insert(users).values({
      id: userId,
      email: ARCHIVE_MEMBER.email,
      passwordHash: await hashPassword(ARCHIVE_MEMBER.password),
      fname: 'Archive',
      lname: 'Member',
      state: 'Ohio',
    })
    const paidAt = new Date()
    await db.insert(vehicleRequests).values(
      Array.from({ length: ORDERS }, (_, index) => ({
        userId,
        makeId: honda.id,
        model: 'Civic',
        year: 2016,
        vin: benchVin(900_000 + index),
        status: 'FULFILLED' as const,
        priceCents: 6000,
        paidPriceCents: 6000,
        paidAt,
        servicePlan: 'NONE' as const,
        dueAt: dueAtFor('NONE', paidAt),
        fulfilledAt: paidAt,
        keycodeEncrypted: encryptSecret(`K${index}`, key),
      })),
    )
    await db.insert(transactions).values(
      Array.from({ length: ORDERS }, (_, index) => ({
        confirmationNumber: `ARCH-${index}`,
        userId,
        status: 'PAID' as const,
        amountCents: 6000,
        items: [{ kind: 'KEYCODE' as const, name: 'Honda Civic 2016 keycode', description: 'Keycode lookup', amountCents: 6000 }],
        provider: 'sandbox',
        paidAt,
      })),
    )
    for (let index = 0; index < FILES; index += 1) {
      // Where the server's disk storage keeps an upload: DATA_DIR/uploads/<key>.
      const storageKey = newStorageKey('pdf')
      const file = path.join(dataDir, 'uploads', storageKey)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, randomBytes(FILE_BYTES), { mode: 0o600 })
      await db
        .insert(files)
        .values({ ownerUserId: userId, storageKey, contentType: 'application/pdf', sizeBytes: FILE_BYTES, purpose: 'COI' })
    }
    return ARCHIVE_MEMBER
  } finally {
    await database.close()
  }
}

/**
 * The member downloads their archive (POST /user/data-archive with their password) from a freshly started server; its
 * resident memory is sampled every 20 ms while the archive streams to a client that reads it as it comes.
 */
export async function measureMemberArchive(server: RunningServer, member: typeof ARCHIVE_MEMBER): Promise<ReportRow[]> {
  const pid = server.child.pid
  if (pid === undefined) throw new Error('the server has no process id')
  const signedIn = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.249.0.1' },
    body: new URLSearchParams(member),
  })
  const cookie =
    signedIn.headers
      .getSetCookie()
      .find((value) => value.startsWith('access_token='))
      ?.split(';')[0] ?? ''
  const before = await rssMb(pid)
  const sampler = sampleRss(pid)
  const started = performance.now()
  const answer = await fetch(`${server.baseUrl}/api/user/data-archive`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': '10.249.0.1' },
    body: JSON.stringify({ currentPassword: member.password }),
  })
  let bytes = 0
  for await (const chunk of answer.body ?? []) bytes += chunk.length
  const seconds = (performance.now() - started) / 1000
  const peak = Math.max(before, await sampler.stop())
  const growth = peak - before
  const complete = answer.status === 200 && bytes > FILES * FILE_BYTES
  return [
    {
      scenario: `Member's data archive: ${ORDERS} orders and ${FILES * (FILE_BYTES / 2 ** 20)} MB of documents, streamed to the member`,
      figure: `${answer.status}, ${(bytes / 2 ** 20).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${Math.round(before)} MB before, peak ${Math.round(peak)} MB (+${growth.toFixed(1)} MB)`,
      target: `+< ${GROWTH_TARGET_MB} MB (less than the documents it carries)`,
      met: complete && growth < GROWTH_TARGET_MB,
      missedBy: complete ? `${(growth - GROWTH_TARGET_MB).toFixed(1)} MB` : `answer ${answer.status}, ${bytes} bytes`,
      why: complete
        ? "Resident memory counts garbage not yet collected, and on PGlite the database's own memory grows in the same process; the in-process test (archive-memory.slow.test.ts), which collects before each sample, holds about 2 MB of live heap and buffers while documents stream from storage."
        : 'The archive did not arrive whole: the server log above says why.',
    },
  ]
}
