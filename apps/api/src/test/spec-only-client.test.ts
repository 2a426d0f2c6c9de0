import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, uniqueEmail } from './accounts.ts'
import { pngImage } from './images.ts'
import { TEST_VEHICLES } from './payments.ts'
import { validVin } from './requests.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/**
 * The API driven over real HTTP by a client written from the written contract alone (docs/product.md, 'The API contract'). It signs in with a form, keeps
 * the bearer from the login answer and attaches it to every call but login and register (`Bearer undefined` before
 * it has one), sends its cookies with every call, uploads multipart, prices the cart from finalPrice and
 * GET /keycode-user/subscription with the discounts of docs/product.md, 'Cart', and checks out with the payload of its 'Payments and orders' only.
 * PUBLIC_URL is unset and the client talks to http://127.0.0.1:<port>, not the default localhost.
 */
let testApp: TestApp
let baseUrl: string

beforeAll(async () => {
  testApp = await createTestApp()
  await testApp.app.listen({ host: '127.0.0.1', port: 0 })
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await testApp.close()
})

const SPEC_DISCOUNT_PERCENT: Record<string, number> = { NONE: 0, BASIC: 15, PROFESSIONAL: 20, ENTERPRISE: 25 }
const NO_BEARER_CALLS = new Set(['/auth/login', '/auth/register', '/auth/admin-register'])

class SpecClient {
  private readonly cookies = new Map<string, string>()
  private accessToken: string | undefined

  /** docs/product.md, 'Conventions': paths are relative to the backend base, which Keydesk serves at /api. */
  async call(method: string, path: string, body?: { json?: unknown; form?: Record<string, string>; multipart?: FormData }) {
    const headers: Record<string, string> = {}
    if (!NO_BEARER_CALLS.has(path)) headers.authorization = `Bearer ${this.accessToken}`
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    let payload: RequestInit['body']
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body.json)
    } else if (body?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = new URLSearchParams(body.form).toString()
    } else if (body?.multipart) payload = body.multipart
    const answer = await fetch(`${baseUrl}/api${path}`, { method, headers, body: payload, redirect: 'manual' })
    this.keepCookies(answer)
    return answer
  }

  async login(email: string, password: string) {
    const answer = await this.call('POST', '/auth/login', { form: { email, password } })
    expect(answer.status).toBe(200)
    this.accessToken = ((await answer.json()) as { accessToken: string }).accessToken
  }

  /** docs/product.md, 'Cart': sum of finalPrice, less the discount of the tier GET /keycode-user/subscription answers (401/403: NONE). */
  async cartAmountCents(itemsPath: string) {
    const items = (await (await this.call('GET', itemsPath)).json()) as { finalPrice: number }[]
    const tierAnswer = await this.call('GET', '/keycode-user/subscription')
    const tier = tierAnswer.status === 401 || tierAnswer.status === 403 ? 'NONE' : ((await tierAnswer.json()) as { tier: string }).tier
    const subtotal = items.reduce((sum, item) => sum + item.finalPrice, 0)
    const total = Math.round((subtotal - (subtotal * (SPEC_DISCOUNT_PERCENT[tier] ?? 0)) / 100) * 100) / 100
    return { amount: Math.round(total * 100), tier, items }
  }

  /** docs/product.md, 'Payments and orders': amount in cents, items, success_url, cancel_url; then the payer goes to the answer's url. */
  async checkout(amount: number, items: unknown[]) {
    const answer = await this.call('POST', '/api/payments/create-checkout-session', {
      json: { amount, items, success_url: `${baseUrl}/payment-success`, cancel_url: `${baseUrl}/payment-cancel` },
    })
    expect(answer.status, await answer.clone().text()).toBe(200)
    return ((await answer.json()) as { url: string }).url
  }

  private keepCookies(answer: Response) {
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', ...value] = pair.split('=')
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value.join('='))
    }
  }
}

async function image(name: string) {
  return [name, new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), `${name}.png`] as const
}

async function register(client: SpecClient) {
  const email = uniqueEmail('spec-client')
  const form = new FormData()
  for (const [name, value] of Object.entries({
    fname: 'Sam',
    lname: 'Spec',
    email,
    phone: '555-0199',
    password: GOOD_PASSWORD,
    state: 'Texas',
  }))
    form.append(name, value)
  for (const name of ['frontId', 'backId', 'businessDocument', 'coi']) form.append(...(await image(name)))
  expect((await client.call('POST', '/auth/register', { multipart: form })).status).toBe(201)
  return email
}

let serial = 900
async function requestKeycode(
  client: SpecClient,
  photos: string[],
  vehicle: { make: string; model: string; vinPrefix: string } = TEST_VEHICLES.Honda,
) {
  serial += 1
  const form = new FormData()
  const vin = validVin(vehicle.vinPrefix, 'G', String(serial).padStart(6, '0'))
  for (const [name, value] of Object.entries({ make: vehicle.make, model: vehicle.model, year: '2016', vin })) form.append(name, value)
  for (const name of photos) form.append(...(await image(name)))
  const answer = await client.call('POST', '/vehicle/request-keycode-public', { multipart: form })
  expect(answer.status, await answer.clone().text()).toBe(201)
  return { vin, ...((await answer.json()) as { guestUserId: string | null }) }
}

/** The payer on the hosted page: the sandbox's test card, then the provider's redirect to success_url. */
async function payOnHostedPage(url: string, email?: string) {
  expect(url.startsWith(`${baseUrl}/sandbox-checkout/`)).toBe(true)
  const paid = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // A guest's checkout asks for the address the keycode goes to; a member's already knows it.
    body: new URLSearchParams({
      name: 'Sam Spec',
      cardNumber: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
      ...(email ? { email } : {}),
    }).toString(),
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  const sessionId = new URL(paid.headers.get('location') ?? '').searchParams.get('session_id')
  expect(sessionId).toBeTruthy()
  return sessionId as string
}

async function confirmPayment(client: SpecClient, sessionId: string) {
  const answer = await client.call('POST', '/api/payments/process-payment-success', { json: { paymentIntentId: sessionId } })
  expect(answer.status).toBe(200)
  return (await answer.json()) as { status: string; amount: number }
}

const MEMBER_PHOTOS = ['frontId', 'backId', 'registration']
const GUEST_PHOTOS = ['frontId', 'backId', 'registration', 'licenseFront', 'licenseBack']

describe('a client written from the written contract alone', () => {
  it('as a visitor turned member: signs up, buys a plan with a keycode, then pays the member price less the plan discount', async () => {
    const client = new SpecClient()
    const email = await register(client)
    await client.login(email, GOOD_PASSWORD)
    const first = await requestKeycode(client, MEMBER_PHOTOS)
    expect((await client.call('POST', '/cart/addSubscription', { json: { tier: 'BASIC' } })).status).toBe(200)

    const opening = await client.cartAmountCents('/cart/items')
    expect(opening).toMatchObject({ tier: 'NONE', amount: 6999 })
    const paid = await confirmPayment(client, await payOnHostedPage(await client.checkout(opening.amount, opening.items)))
    expect(paid).toMatchObject({ status: 'PAID', amount: 69.99 })

    // A make Basic covers (docs/decisions/021): Ford's member price 55, less 15%.
    await requestKeycode(client, MEMBER_PHOTOS, TEST_VEHICLES.Ford)
    const asMember = await client.cartAmountCents('/cart/items')
    expect(asMember).toMatchObject({ tier: 'BASIC', amount: 4675 })
    expect(await confirmPayment(client, await payOnHostedPage(await client.checkout(asMember.amount, asMember.items)))).toMatchObject({
      status: 'PAID',
      amount: 46.75,
    })

    const orders = (await (await client.call('GET', '/vehicle/user-requests')).json()) as { pendingRequests: { vin: string }[] }
    expect(orders.pendingRequests.map((order) => order.vin)).toContain(first.vin)
  })

  it("as a trial user: starts the trial through addSubscription and pays the member price less the trial tier's discount", async () => {
    const client = new SpecClient()
    await client.login(await register(client), GOOD_PASSWORD)
    expect((await client.call('POST', '/cart/addSubscription', { json: { tier: 'PROFESSIONAL', trial: true } })).status).toBe(200)
    await requestKeycode(client, MEMBER_PHOTOS)
    const cart = await client.cartAmountCents('/cart/items')
    expect(cart).toMatchObject({ tier: 'PROFESSIONAL', amount: 3600 })
    expect(await confirmPayment(client, await payOnHostedPage(await client.checkout(cart.amount, cart.items)))).toMatchObject({
      status: 'PAID',
      amount: 36,
    })
  })

  it('as a guest: files a request with licence photos, reads the cart by guestUserId and pays with the documented payload only', async () => {
    const client = new SpecClient()
    const { guestUserId } = await requestKeycode(client, GUEST_PHOTOS)
    expect(guestUserId).toBeTruthy()
    const cart = await client.cartAmountCents(`/cart/items/public?guestUserId=${guestUserId}`)
    expect(cart).toMatchObject({ tier: 'NONE', amount: 6000 })
    const url = await client.checkout(cart.amount, cart.items)
    expect(await confirmPayment(client, await payOnHostedPage(url, uniqueEmail('guest')))).toMatchObject({ status: 'PAID', amount: 60 })
    expect(await (await client.call('GET', `/cart/items/public?guestUserId=${guestUserId}`)).json()).toEqual([])
  })
})
