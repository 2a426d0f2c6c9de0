import { TEST_CARDS } from '@keydesk/contracts/payments'
import { registrationForm } from './accounts.ts'
import { keycodeRequestForm, validVin } from './requests.ts'

/** What the load saw: every answer by status, and what each 2xx promised is stored. */
export interface LoadRecord {
  statuses: Map<string, number>
  /** Keycode requests answered 201, by id. */
  requestIds: Set<string>
  /** Sandbox checkouts answered 303 (the session is marked paid before the redirect). */
  paidSessionIds: Set<string>
  /** Sessions for which process-payment-success answered 200 (the order is fulfilled). */
  fulfilledSessionIds: Set<string>
  /** When each 2xx arrived, to find the first one after an outage. */
  successTimes: number[]
}

export interface WriteLoad {
  record: LoadRecord
  /** Lets the workers finish their current call and resolves once they have. */
  stop(): Promise<void>
}

let counter = 0
const nextIp = () => {
  counter++
  return `10.77.${(counter >> 8) & 255}.${counter & 255}`
}

/** A member registered and signed in over HTTP, for the load's signed-in writers. */
export async function registerMember(baseUrl: string): Promise<string> {
  const { form, email, password } = await registrationForm()
  const registered = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form, headers: { 'x-forwarded-for': nextIp() } })
  if (registered.status !== 201) throw new Error(`registration failed ${registered.status}: ${await registered.text()}`)
  const signedIn = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() },
    body: new URLSearchParams({ email, password }),
  })
  if (signedIn.status !== 200) throw new Error(`sign-in failed ${signedIn.status}: ${await signedIn.text()}`)
  return ((await signedIn.json()) as { accessToken: string }).accessToken
}

/**
 * Steady writes over real HTTP, the way browsers would send them: members submit keycode requests with photos;
 * guests submit one with their licence photos, check out through the sandbox, pay with the test card and confirm
 * the payment. Each writer comes from its own address (the server trusts X-Forwarded-For) so rate limits stay out of it.
 */
export function startWriteLoad(baseUrl: string, options: { memberTokens: string[]; guestWriters: number }): WriteLoad {
  const record: LoadRecord = {
    statuses: new Map(),
    requestIds: new Set(),
    paidSessionIds: new Set(),
    fulfilledSessionIds: new Set(),
    successTimes: [],
  }
  let isStopping = false

  /** Answers the status and the body read in full; nothing when the connection failed before that. */
  async function call(label: string, url: string, init: RequestInit): Promise<{ status: number; body: string } | undefined> {
    const headers = { 'x-forwarded-for': nextIp(), ...(init.headers as Record<string, string>) }
    try {
      const answer = await fetch(`${baseUrl}${url}`, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(20_000) })
      const body = await answer.text()
      const key = `${label} ${answer.status}`
      record.statuses.set(key, (record.statuses.get(key) ?? 0) + 1)
      if (answer.status < 400) record.successTimes.push(Date.now())
      return { status: answer.status, body }
    } catch {
      // A refused or cut connection is an outcome too: the process was killed.
      record.statuses.set(`${label} no answer`, (record.statuses.get(`${label} no answer`) ?? 0) + 1)
      return undefined
    }
  }

  const submitRequest = async (headers: Record<string, string>, images?: string[]) => {
    const form = await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(100000 + (++counter % 900000))) }, images)
    const answer = await call('request', '/api/vehicle/request-keycode-public', { method: 'POST', body: form, headers })
    if (answer?.status !== 201) return undefined
    const created = JSON.parse(answer.body) as { id: string; guestUserId: string | null }
    record.requestIds.add(created.id)
    return created
  }

  async function guestOrder() {
    const created = await submitRequest({}, ['frontId', 'registration', 'licenseFront', 'licenseBack'])
    if (!created?.guestUserId) return
    const checkout = await call('checkout', '/api/api/payments/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: 6000,
        items: [],
        success_url: `${baseUrl}/payment-success`,
        cancel_url: `${baseUrl}/payment-cancel`,
        guestUserId: created.guestUserId,
      }),
    })
    if (checkout?.status !== 200) return
    const { sessionId } = JSON.parse(checkout.body) as { sessionId: string }
    const paid = await call('pay', `/sandbox-checkout/${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'guest@example.com',
        name: 'Pat Guest',
        cardNumber: TEST_CARDS.success,
        expiry: '12/39',
        cvc: '123',
      }),
    })
    if (paid?.status !== 303) return
    record.paidSessionIds.add(sessionId)
    const confirmed = await call('confirm', '/api/api/payments/process-payment-success', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    })
    if (confirmed?.status === 200) record.fulfilledSessionIds.add(sessionId)
  }

  const pause = () => new Promise((resolve) => setTimeout(resolve, 20))
  const writers = [
    ...options.memberTokens.map(async (token) => {
      while (!isStopping) {
        await submitRequest({ authorization: `Bearer ${token}` })
        await pause()
      }
    }),
    ...Array.from({ length: options.guestWriters }, async () => {
      while (!isStopping) {
        await guestOrder()
        await pause()
      }
    }),
  ]

  return {
    record,
    stop: async () => {
      isStopping = true
      await Promise.all(writers)
    },
  }
}
