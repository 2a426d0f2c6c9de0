import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transactions } from '../../../db/schema/payments.ts'
import { uniqueIp } from '../../../test/accounts.ts'
import { keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { GUEST_COOKIE } from '../guests/guest-cookie.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

let serial = 700
/** A guest's keycode request (the API contract's multipart fields only, docs/product.md, 'Catalogue, ordering and cart'), sent with the cookie header given. */
async function fileGuestRequest(cookie?: string) {
  serial += 1
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(serial).padStart(6, '0')) }, [
      'frontId',
      'registration',
      'licenseFront',
      'licenseBack',
    ]),
    headers: cookie ? { cookie } : {},
    remoteAddress: uniqueIp(),
  })
  expect(answer.statusCode, answer.body).toBe(201)
  const setCookie = answer.cookies.find((entry) => entry.name === GUEST_COOKIE)
  return { guestUserId: answer.json().guestUserId as string, setCookie, cookie: setCookie ? `${GUEST_COOKIE}=${setCookie.value}` : '' }
}

const itemsOf = (headers: Record<string, string>, query = '') =>
  testApp.app.inject({ method: 'GET', url: `/api/cart/items/public${query}`, headers })

/** The API contract's payload exactly (docs/product.md, 'Payments and orders'): amount, items, success_url, cancel_url; no guest identifier. */
const specPayload = (amount: number) => ({
  amount,
  items: [],
  success_url: `${testApp.config.publicUrl}/payment-success`,
  cancel_url: `${testApp.config.publicUrl}/payment-cancel`,
})

const checkout = (payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/api/payments/create-checkout-session',
    payload,
    headers,
    remoteAddress: uniqueIp(),
  })

describe('guest checkout by the guest cookie', () => {
  it('sets an HttpOnly guest cookie when a guest files a request without a session', async () => {
    const { setCookie, guestUserId } = await fileGuestRequest()
    expect(setCookie).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax' })
    // Not the bare guest id: the server signs it, so nobody can make one up.
    expect(setCookie?.value).not.toBe(guestUserId)
    expect(setCookie?.value.startsWith(`${guestUserId}.`)).toBe(true)
  })

  it('lets a guest read its cart and pay with exactly the documented payload, known by the cookie alone', async () => {
    const { cookie, guestUserId } = await fileGuestRequest()
    const items = await itemsOf({ cookie })
    expect(items.json()).toEqual([expect.objectContaining({ kind: 'KEYCODE', finalPrice: 60 })])
    const answer = await checkout(specPayload(6000), { cookie })
    expect(answer.statusCode, answer.body).toBe(200)
    const [row] = await testApp.app.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.providerSessionId, answer.json().sessionId))
    expect(row?.guestId).toBe(guestUserId)
  })

  it("puts a second request sent with the guest cookie in the same guest's cart", async () => {
    const first = await fileGuestRequest()
    const second = await fileGuestRequest(first.cookie)
    expect(second.guestUserId).toBe(first.guestUserId)
    expect((await itemsOf({ cookie: first.cookie })).json()).toHaveLength(2)
  })

  it('keeps the guest identifier in the body or the query working without the cookie', async () => {
    const { guestUserId } = await fileGuestRequest()
    expect((await itemsOf({}, `?guestUserId=${guestUserId}`)).json()).toHaveLength(1)
    const answer = await checkout({ ...specPayload(6000), guestUserId })
    expect(answer.statusCode, answer.body).toBe(200)
  })

  it("never lets a guest reach another guest's cart with a forged or altered cookie", async () => {
    const mine = await fileGuestRequest()
    const theirs = await fileGuestRequest()
    const signature = mine.setCookie?.value.split('.')[1] ?? ''
    // Their id unsigned, with a made-up signature, and with the signature of my own cookie.
    const forgeries = [`${theirs.guestUserId}.`, `${theirs.guestUserId}.AAAAAAAA`, `${theirs.guestUserId}.${signature}`]
    for (const forged of forgeries.map((value) => `${GUEST_COOKIE}=${value}`)) {
      expect((await itemsOf({ cookie: forged })).json(), forged).toEqual([])
      expect((await checkout(specPayload(6000), { cookie: forged })).statusCode, forged).toBe(401)
    }
    const [theirItem] = (await itemsOf({ cookie: theirs.cookie })).json()
    const removal = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/cart/remove/${theirItem.id}`,
      headers: { cookie: mine.cookie },
    })
    expect(removal.statusCode).toBe(404)
    expect((await itemsOf({ cookie: theirs.cookie })).json()).toHaveLength(1)
  })
})
