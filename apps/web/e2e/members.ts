import { randomInt } from 'node:crypto'
import { cartTotalCents, unitPrice } from '@keydesk/contracts/cart-total'
import { toCents } from '@keydesk/contracts/money'
import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * The set-up the browser journeys share: members made through the API as any client would, so each journey spends
 * its browser time on the screens it is about.
 */

/** A real 1×1 PNG: the server checks uploads by their bytes and re-encodes them. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** The password every journey's member and admin signs up with. */
export const MEMBER_PASSWORD = 'Amber-Keyway-5521'

/** A file for a page's file field. */
export const pngFile = (name: string, bytes: Buffer = ONE_PIXEL_PNG) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: bytes })

export interface NewMember {
  fname: string
  lname: string
  /** Defaults to a unique address made from the first name. */
  email?: string
  /** The bytes of the four documents; a 1×1 PNG unless a journey needs an image with a size. */
  image?: Buffer
}

/**
 * Each set-up call comes from a visitor of its own (the e2e server trusts the loopback proxy), as the suite's many
 * members would in production: the per-address limits on sign-up and sign-in stay as strict as they are.
 */
const visitorAddress = () => ({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` })

/** A business account through POST /api/auth/register, with its four document images. */
export async function registerMember(baseUrl: string, member: NewMember): Promise<{ email: string; password: string }> {
  const email = member.email ?? `${member.fname.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
  const form = new FormData()
  const fields = { fname: member.fname, lname: member.lname, email, phone: '555-0123', password: MEMBER_PASSWORD, state: 'Ohio' }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const image = new Blob([new Uint8Array(member.image ?? ONE_PIXEL_PNG)], { type: 'image/png' })
  for (const name of ['frontId', 'backId', 'businessDocument', 'coi']) form.append(name, image, `${name}.png`)
  const answer = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form, headers: visitorAddress() })
  expect(answer.status, await answer.clone().text()).toBe(201)
  return { email, password: MEMBER_PASSWORD }
}

/** Signs in through the API; the answer is the access cookie to send as a header. */
export async function apiSignIn(baseUrl: string, email: string, password: string): Promise<{ cookie: string }> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...visitorAddress() },
    body: new URLSearchParams({ email, password }),
  })
  expect(answer.status).toBe(200)
  const access = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('access_token='))
  return { cookie: access?.split(';')[0] ?? '' }
}

export async function startTrial(baseUrl: string, headers: { cookie: string }, tier: SubscriptionTier): Promise<void> {
  expect((await fetch(`${baseUrl}/api/trial/start?tier=${tier}`, { method: 'POST', headers })).status).toBe(200)
}

/** A member who registered, optionally started a trial, ordered one keycode (a Honda unless told) and paid the cart's own total. */
export async function memberWithPaidRequest(
  baseUrl: string,
  member: NewMember & {
    vin: string
    trialTier?: SubscriptionTier
    vehicle?: { make: string; model: string }
    /** An account registered before, which orders again instead of a new one. */
    account?: { email: string; password: string }
    /** Photos sent with the request itself, beside the account's four documents (a registration photo makes five). */
    requestPhotos?: readonly ('frontId' | 'backId' | 'registration')[]
  },
): Promise<{ email: string; password: string; vin: string; sessionId: string }> {
  const { email, password } = member.account ?? (await registerMember(baseUrl, member))
  const headers = await apiSignIn(baseUrl, email, password)
  if (member.trialTier) await startTrial(baseUrl, headers, member.trialTier)
  const order = new FormData()
  const vehicle = member.vehicle ?? { make: 'Honda', model: 'Civic' }
  for (const [field, value] of Object.entries({ ...vehicle, year: '2016', vin: member.vin })) order.append(field, value)
  for (const name of member.requestPhotos ?? [])
    order.append(name, new Blob([new Uint8Array(ONE_PIXEL_PNG)], { type: 'image/png' }), `${name}.png`)
  expect((await fetch(`${baseUrl}/api/vehicle/request-keycode-public`, { method: 'POST', body: order, headers })).status).toBe(201)
  const items = (await (await fetch(`${baseUrl}/api/cart/items`, { headers })).json()) as {
    kind: 'KEYCODE'
    finalPrice: number
    discountPercent: number
  }[]
  const { totalCents } = cartTotalCents(
    items.map((item) => ({ kind: item.kind, cents: toCents(unitPrice(item)), discountPercent: item.discountPercent })),
    member.trialTier ?? 'NONE',
  )
  const sessionId = await payCart(baseUrl, headers, totalCents)
  return { email, password, vin: member.vin, sessionId }
}

/** Pays the signed-in caller's cart at `amountCents` with the sandbox's test card, as the hosted page would; answers the session id. */
export async function payCart(baseUrl: string, headers: { cookie: string }, amountCents: number): Promise<string> {
  const session = await fetch(`${baseUrl}/api/api/payments/create-checkout-session`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: amountCents,
      items: [],
      success_url: `${baseUrl}/payment-success`,
      cancel_url: `${baseUrl}/payment-cancel`,
    }),
  }).then((answer) => answer.json())
  const paid = await fetch(`${baseUrl}/sandbox-checkout/${session.sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Card Holder', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  return session.sessionId
}

/** Signs in through the member or admin sign-in screen. */
export async function signInAt(page: Page, baseUrl: string, screen: '/login' | '/admin-login', email: string, password: string) {
  // The page is one visitor with an address of its own, like a person at their own browser.
  await page.setExtraHTTPHeaders(visitorAddress())
  await page.goto(`${baseUrl}${screen}`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: screen === '/login' ? 'Login' : 'Admin Login', exact: true }).click()
}

/**
 * A guest who ordered one Honda keycode with its licence photos and paid on the sandbox checkout, typing `name` and
 * `email` there (what the admin's identity check compares the photos with).
 */
export async function guestWithPaidRequest(
  baseUrl: string,
  guest: { vin: string; name: string; email: string },
): Promise<{ sessionId: string }> {
  const order = new FormData()
  for (const [field, value] of Object.entries({ make: 'Honda', model: 'Civic', year: '2016', vin: guest.vin })) order.append(field, value)
  const image = new Blob([new Uint8Array(ONE_PIXEL_PNG)], { type: 'image/png' })
  for (const name of ['registration', 'licenseFront', 'licenseBack']) order.append(name, image, `${name}.png`)
  const filed = await fetch(`${baseUrl}/api/vehicle/request-keycode-public`, { method: 'POST', body: order })
  expect(filed.status, await filed.clone().text()).toBe(201)
  const { guestUserId } = (await filed.json()) as { guestUserId: string }
  const items = (await (await fetch(`${baseUrl}/api/cart/items/public?guestUserId=${guestUserId}`)).json()) as {
    kind: 'KEYCODE'
    finalPrice: number
    discountPercent: number
  }[]
  const { totalCents } = cartTotalCents(
    items.map((item) => ({ kind: item.kind, cents: toCents(unitPrice(item)), discountPercent: item.discountPercent })),
    'NONE',
  )
  const session = await fetch(`${baseUrl}/api/api/payments/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: totalCents,
      items: [],
      guestUserId,
      success_url: `${baseUrl}/payment-success`,
      cancel_url: `${baseUrl}/payment-cancel`,
    }),
  }).then((answer) => answer.json())
  const paid = await fetch(`${baseUrl}/sandbox-checkout/${session.sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: guest.email, name: guest.name, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  return { sessionId: session.sessionId }
}

/** Starts the one paid request with this VIN through the API, as another admin would have. */
export async function startThroughApi(baseUrl: string, vin: string, headers: { cookie: string }) {
  const queue = (await (await fetch(`${baseUrl}/api/admin/pending-requests?limit=100&search=${vin}`, { headers })).json()) as {
    id: string
  }[]
  expect(queue).toHaveLength(1)
  expect((await fetch(`${baseUrl}/api/admin/update-request-status/${queue[0]?.id}`, { method: 'POST', headers })).status).toBe(200)
}
