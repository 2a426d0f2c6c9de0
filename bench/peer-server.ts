import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { KEYCODE_REFUND_REASONS } from '@keydesk/contracts/keycode-refunds'
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import pg from 'pg'
import { decryptSecret } from '../apps/api/src/lib/secret-box.ts'

/**
 * The honest peer (issue 45): what a competent engineer would hand-write instead of Keydesk for the same three calls,
 * on the same database. Fastify with its own pino logger writing one line per answer (to the stdout the bench
 * discards, as it discards Keydesk's), node-postgres with a pool of 10 (Keydesk's default) and one named statement per
 * call. A session is a fixed cookie, `peer_session=<account id>`, looked up in one query; no CORS, security headers,
 * cross-site guard, rate limits, token expiry, answer validation or shutdown drain, which is the point of the
 * comparison. The answers are byte for byte what Keydesk's are meant to hold: bench/run.ts compares them before it
 * measures anything.
 *
 * When the bench runs Keydesk on PGlite, the peer opens a copy of the same seeded data with PGlite in its own process
 * (PGlite is single-process), so each server's CPU holds its own queries, as Keydesk's does there.
 *
 * Usage: node --import tsx bench/peer-server.ts, with PEER_PORT, PEER_DATABASE_URL or PEER_PGLITE_DIR, PEER_PRICING_FILE
 * (the bytes of GET /api/pricing) and PEER_KEYCODE_KEY (base64, the key keycodes are sealed with).
 */
const port = Number(process.env.PEER_PORT)
const databaseUrl = process.env.PEER_DATABASE_URL
const pgliteDir = process.env.PEER_PGLITE_DIR
const pricingFile = process.env.PEER_PRICING_FILE
const key = Buffer.from(process.env.PEER_KEYCODE_KEY ?? '', 'base64')
if (!port || !(databaseUrl || pgliteDir) || !pricingFile || key.length !== 32)
  throw new Error('PEER_PORT, PEER_DATABASE_URL or PEER_PGLITE_DIR, PEER_PRICING_FILE and PEER_KEYCODE_KEY are required')

const pricing = readFileSync(pricingFile)
let closeDatabase: () => Promise<void> = async () => {}
type Row = Record<string, unknown>
type Statement = { name: string; text: string }
const query: (statement: Statement, values: unknown[]) => Promise<Row[]> = databaseUrl
  ? (() => {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
      closeDatabase = () => pool.end()
      return async (statement, values) => (await pool.query<Row>({ ...statement, values })).rows
    })()
  : await (async () => {
      const db = await PGlite.create(pgliteDir as string)
      closeDatabase = () => db.close()
      return async (statement: Statement, values: unknown[]) => (await db.query<Row>(statement.text, values)).rows
    })()

const SESSION = {
  name: 'peer_session',
  text: 'select id, role from users where id = $1 and is_active',
}

/** The dashboard: the member's newest 400 requests (four tabs of 100), each paid one with its first paid order's confirmation number. */
const DASHBOARD = {
  name: 'peer_dashboard',
  text: `select r.id, m.name as make_name, r.model, r.year, r.vin, r.status, coalesce(r.paid_price_cents, r.price_cents) as price_cents,
      r.front_id_file_id, r.back_id_file_id, r.registration_file_id, r.keycode_encrypted, r.pincode_encrypted,
      r.key_blank, r.transponder, r.batch_id, r.created_at, r.paid_at, r.due_at,
      case when r.paid_at is not null then (
        select t.confirmation_number from transaction_requests tr join transactions t on t.id = tr.transaction_id
        where tr.vehicle_request_id = r.id and t.status = 'PAID' order by t.paid_at limit 1) end as confirmation_number
    from vehicle_requests r join vehicle_makes m on m.id = r.make_id
    where r.user_id = $1 order by r.created_at desc limit 400`,
}

/** The bulk batches of the orders shown, with each order's place and how far its batch is; read only when one is in a batch. */
const BATCHES = {
  name: 'peer_batches',
  text: `select r.id, b.code,
      (select count(*)::int from vehicle_requests s where s.batch_id = r.batch_id and s.batch_position <= r.batch_position) as position,
      (select count(*)::int from vehicle_requests s where s.batch_id = r.batch_id) as size,
      (select count(*)::int from vehicle_requests s where s.batch_id = r.batch_id and s.paid_at is not null and s.status = 'FULFILLED') as released,
      (select count(*)::int from vehicle_requests s where s.batch_id = r.batch_id and s.paid_at is not null and s.status = 'REFUNDED') as refunded
    from vehicle_requests r join request_batches b on b.id = r.batch_id where r.id = any($1)`,
}

/** A refunded order's refund, read only when the dashboard shows one (as Keydesk does). */
const REFUNDS = {
  name: 'peer_refunds',
  text: `select vehicle_request_id, amount_cents, coalesce(refunded_at, created_at) as refunded_at, reason, note
    from keycode_refunds where vehicle_request_id = any($1) and status = 'REFUNDED'`,
}

/** The admin queue's first page: paid pending requests, earliest deadline first, with buyer, documents, batch and order. */
const QUEUE = {
  name: 'peer_queue',
  text: `select r.id, m.name as make, r.model, r.year, r.vin, r.status, r.price_cents, r.user_id, r.front_id_file_id,
      r.back_id_file_id, r.registration_file_id, r.license_front_file_id, r.license_back_file_id, r.paid_at, r.created_at,
      r.paid_price_cents, r.service_plan, r.due_at, r.started_at,
      r.ownership_document, r.owner_name, r.plate_photo_file_id, r.odometer_photo_file_id, r.business_id,
      coalesce(nullif(trim(biz.company), ''), biz.fname || ' ' || biz.lname) as business_name, biz.is_active as business_active,
      biz.closed_at as business_closed_at, biz.is_validated_user as business_validated, loc.name as location_name,
      b.email as buyer_email, b.fname || ' ' || b.lname as buyer_name, b.is_validated_user, b.is_active,
      s.fname || ' ' || s.lname as starter_name,
      coalesce((select json_agg(json_build_object('docType', d.doc_type, 'verified', d.verified) order by d.uploaded_at)
        from compliance_documents d where d.user_id = r.user_id), '[]'::json) as documents,
      rb.code as batch_code,
      (select count(*)::int from vehicle_requests sib where sib.batch_id = r.batch_id and sib.batch_position <= r.batch_position) as batch_position,
      (select count(*)::int from vehicle_requests sib where sib.batch_id = r.batch_id) as batch_size,
      (select case
        when exists (select 1 from payment_disputes pd join transaction_requests ptr on ptr.transaction_id = pd.transaction_id
          where ptr.vehicle_request_id = r.id and pd.status = 'OPEN') then 'DISPUTE_OPEN'
        when exists (select 1 from payment_disputes pd join transaction_requests ptr on ptr.transaction_id = pd.transaction_id
          where ptr.vehicle_request_id = r.id and pd.status = 'LOST') then 'DISPUTE_LOST'
        when exists (select 1 from payment_disputes pd where pd.user_id = r.user_id and pd.released_before and pd.review_cleared_at is null)
          then 'AWAITING_REVIEW' end) as dispute_hold,
      o.customer_email, o.customer_name
    from vehicle_requests r
      join vehicle_makes m on m.id = r.make_id
      left join request_batches rb on rb.id = r.batch_id
      left join users b on b.id = r.user_id
      left join users s on s.id = r.started_by
      left join users biz on biz.id = r.business_id
      left join team_locations loc on loc.id = r.location_id
      left join lateral (select t.customer_email, t.customer_name from transaction_requests tr join transactions t on t.id = tr.transaction_id
        where tr.vehicle_request_id = r.id and t.status = 'PAID' order by t.paid_at limit 1) o on true
    where r.status = 'PENDING' and r.paid_at is not null
    order by r.due_at, r.id limit 25`,
}

const fileLink = (id: unknown) => (id ? `/api/files/${id}` : null)
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null)
const dollars = (cents: unknown) => Number(cents) / 100

async function account(cookie: string | undefined): Promise<{ id: string; role: string } | undefined> {
  const id = /(?:^|;\s*)peer_session=([0-9a-f-]{36})/.exec(cookie ?? '')?.[1]
  if (!id) return undefined
  const rows = await query(SESSION, [id])
  return rows[0] as { id: string; role: string } | undefined
}

/** Fastify's own logger writes two lines per request ("incoming request", "request completed"); one is enough. */
class OneLine extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}

const app = Fastify({ logger: { level: 'info' }, logController: new OneLine() })

app.get('/api/pricing', async (_request, reply) => reply.type('application/json; charset=utf-8').send(pricing))

app.get('/api/vehicle/user-requests', async (request, reply) => {
  const user = await account(request.headers.cookie)
  if (!user) return reply.status(401).send({ message: 'Sign in' })
  const rows = await query(DASHBOARD, [user.id])
  const views = rows.map((row) => ({
    status: row.status,
    batchId: row.batch_id,
    view: {
      id: row.id,
      make: { manufacturerName: row.make_name },
      model: row.model,
      year: row.year,
      vin: row.vin,
      status: row.status,
      price: dollars(row.price_cents),
      keycodePrice: dollars(row.price_cents),
      frontId: fileLink(row.front_id_file_id),
      backId: fileLink(row.back_id_file_id),
      registration: fileLink(row.registration_file_id),
      keycode: row.keycode_encrypted ? decryptSecret(row.keycode_encrypted as string, key) : null,
      pincode: row.pincode_encrypted ? decryptSecret(row.pincode_encrypted as string, key) : null,
      keyBlank: row.key_blank,
      transponder: row.transponder,
      createdAt: iso(row.created_at),
      paid: row.paid_at !== null,
      paidAt: iso(row.paid_at),
      dueAt: iso(row.due_at),
      confirmationNumber: row.confirmation_number,
    },
  }))
  // Each tab shows at most 100 (ORDER_TAB_LIMIT).
  const shown = (status: string) => views.filter((entry) => entry.status === status).slice(0, 100)
  const batched = ['PENDING', 'INPROGRESS', 'FULFILLED', 'REFUNDED'].flatMap((status) =>
    shown(status).flatMap((entry) => (entry.batchId ? [entry.view.id] : [])),
  )
  const places = new Map(
    batched.length === 0
      ? []
      : (await query(BATCHES, [batched])).map((row) => [
          row.id,
          { code: row.code, position: row.position, size: row.size, released: row.released, refunded: row.refunded },
        ]),
  )
  const of = (status: string) => shown(status).map((entry) => ({ ...entry.view, batch: places.get(entry.view.id) ?? null }))
  const refunded = of('REFUNDED')
  const refunds = new Map(
    refunded.length === 0
      ? []
      : (await query(REFUNDS, [refunded.map((view) => view.id)])).map((row) => [
          row.vehicle_request_id,
          {
            amountCents: row.amount_cents,
            refundedAt: iso(row.refunded_at),
            reason: KEYCODE_REFUND_REASONS[row.reason as keyof typeof KEYCODE_REFUND_REASONS],
            note: row.note,
          },
        ]),
  )
  return {
    pendingRequests: of('PENDING'),
    inProgressRequests: of('INPROGRESS'),
    fulfilledRequests: of('FULFILLED'),
    refundedRequests: refunded.map((view) => ({ ...view, refund: refunds.get(view.id) ?? null })),
  }
})

app.get('/api/admin/pending-requests', async (request, reply) => {
  const user = await account(request.headers.cookie)
  if (!user || (user.role !== 'ADMIN' && user.role !== 'SUPER_ADMIN')) return reply.status(403).send({ message: 'Admins only' })
  const rows = await query(QUEUE, [])
  return rows.map((row) => {
    const paidAt = (row.paid_at ?? row.created_at) as Date
    return {
      id: row.id,
      make: row.make,
      model: row.model,
      year: row.year,
      vin: row.vin,
      status: row.status,
      price: dollars(row.price_cents),
      keycodePrice: dollars(row.price_cents),
      keycodeUserEmail: row.buyer_email,
      buyerId: row.user_id,
      checkoutEmail: row.customer_email ?? null,
      checkoutName: row.customer_name ?? null,
      isValidatedUser: row.is_validated_user ?? false,
      accountState: row.is_active === null ? null : row.is_active ? 'ACTIVE' : 'REVOKED',
      frontId: fileLink(row.front_id_file_id),
      backId: fileLink(row.back_id_file_id),
      registration: fileLink(row.registration_file_id),
      licenseFront: fileLink(row.license_front_file_id),
      licenseBack: fileLink(row.license_back_file_id),
      ownershipDocument: row.ownership_document,
      ownerName: row.owner_name,
      platePhoto: fileLink(row.plate_photo_file_id),
      odometerPhoto: fileLink(row.odometer_photo_file_id),
      paidAt: paidAt.toISOString(),
      paidPrice: row.paid_price_cents === null ? null : dollars(row.paid_price_cents),
      isGuest: row.user_id === null,
      documents: row.documents,
      servicePlan: row.service_plan ?? 'NONE',
      dueAt: ((row.due_at as Date | null) ?? paidAt).toISOString(),
      buyerName: row.buyer_name,
      startedBy: row.started_at ? { name: row.starter_name ?? 'A removed admin', at: iso(row.started_at) } : null,
      batch: row.batch_code ? { code: row.batch_code, position: row.batch_position, size: row.batch_size } : null,
      disputeHold: row.dispute_hold,
      business:
        row.business_id === null
          ? null
          : {
              id: row.business_id,
              name: row.business_name ?? 'A removed business',
              location: row.location_name ?? null,
              active: row.business_active === true && row.business_closed_at === null,
              validated: row.business_validated ?? false,
            },
    }
  })
})

await app.listen({ port, host: '127.0.0.1' })
process.on('SIGTERM', async () => {
  await app.close()
  await closeDatabase()
  process.exit(0)
})
