import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { GUEST_OWNERSHIP_MESSAGE } from '@keydesk/contracts/vehicle-request'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const catalogue = [
  {
    id: 1,
    name: 'Honda',
    category: 'Acura/Honda',
    basePrice: 60,
    memberPrice: 45,
    requiresPin: false,
    pricingNote: null,
    models: [{ name: 'Civic', years: [2016, 2017] }],
  },
  {
    id: 2,
    name: 'Ford',
    category: 'Ford',
    basePrice: 70,
    memberPrice: 55,
    requiresPin: false,
    pricingNote: null,
    models: [{ name: 'F-150', years: [2020] }],
  },
  {
    id: 3,
    name: 'Nissan',
    category: 'Nissan',
    basePrice: 70,
    memberPrice: 56,
    requiresPin: true,
    pricingNote: null,
    models: [{ name: 'Altima', years: [2020] }],
  },
]

async function renderForm(user = testUser()) {
  const calls = fakeApi({
    'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue),
    'POST /api/vehicle/request-keycode-public': () => jsonAnswer(201, { id: 'r1', guestUserId: null, cartId: 'c1' }),
    'GET /api/cart/items': () => jsonAnswer(200, []),
  })
  const view = await renderApp('/vehicle-keycode-request', { user })
  return { ...view, calls }
}

describe('keycode request form (docs/product.md, "Ordering, cart, checkout and payments")', () => {
  it('enables model after make and year after model, and resets both when the make changes', async () => {
    await renderForm()
    const model = await screen.findByLabelText('Model')
    expect(model).toBeDisabled()
    await userEvent.selectOptions(screen.getByLabelText('Make'), 'Honda')
    await userEvent.selectOptions(model, 'Civic')
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2016')
    await userEvent.selectOptions(screen.getByLabelText('Make'), 'Ford')
    expect(screen.getByLabelText('Model')).toHaveValue('')
    expect(screen.getByLabelText('Year')).toBeDisabled()
  })

  it("says 'Please fill in all required fields.' before sending anything", async () => {
    const { calls } = await renderForm()
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }))
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument()
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
  })

  it('marks each empty field with its own message on an empty submit, and focuses the first', async () => {
    await renderForm()
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }))
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument()
    for (const [label, message] of [
      ['Make', 'Select the make.'],
      ['Model', 'Select the model.'],
      ['Year', 'Select the year.'],
      ['VIN', 'Enter the VIN.'],
    ]) {
      expect(screen.getByLabelText(label ?? '')).toHaveAccessibleDescription(expect.stringContaining(message ?? ''))
    }
    await vi.waitFor(() => expect(screen.getByLabelText('Make')).toHaveFocus())
  })

  it("says which photos are optional, and a guest's licence photos are not", async () => {
    fakeApi({ 'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue) })
    await renderApp('/vehicle-keycode-request')
    expect(await screen.findByLabelText('Government photo ID (front) (optional)')).toBeInTheDocument()
    expect(screen.getByLabelText("Driver's license (front)")).toBeInTheDocument()
  })

  it('checks the VIN as it is typed', async () => {
    await renderForm()
    await userEvent.type(await screen.findByLabelText('VIN'), '1HGCR2F31GA00000O')
    expect(screen.getByText(/never contains the letters I, O or Q/)).toBeInTheDocument()
  })

  it('fills in the make from a VIN typed first, and the year once the model is chosen, each still changeable', async () => {
    await renderForm()
    await userEvent.type(await screen.findByLabelText('VIN'), '1HGCR2F31GA000000')
    expect(screen.getByLabelText('Make')).toHaveValue('Honda')
    await userEvent.selectOptions(screen.getByLabelText('Model'), 'Civic')
    expect(screen.getByLabelText('Year')).toHaveValue('2016')
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2017')
    expect(screen.getByLabelText('Year')).toHaveValue('2017')
    expect(screen.getByText(/This VIN is not for a 2017 model year/)).toBeInTheDocument()
  })

  it('fills nothing in from a VIN that is not whole and valid, nor over a make already chosen', async () => {
    await renderForm()
    await userEvent.type(await screen.findByLabelText('VIN'), '1HGCR2F31GA00000')
    expect(screen.getByLabelText('Make')).toHaveValue('')
    await userEvent.selectOptions(screen.getByLabelText('Make'), 'Ford')
    await userEvent.type(screen.getByLabelText('VIN'), '0')
    expect(screen.getByLabelText('Make')).toHaveValue('Ford')
    expect(screen.getByText(/does not belong to a Ford/)).toBeInTheDocument()
  })

  it('names the makes a shared manufacturer code may be, and fills none', async () => {
    fakeApi({
      'GET /api/makes/getMakes': () =>
        jsonAnswer(200, [
          ...catalogue,
          { ...catalogue[0], id: 4, name: 'Infiniti', category: 'Nissan', models: [{ name: 'QX60', years: [2016] }] },
        ]),
    })
    await renderApp('/vehicle-keycode-request')
    await userEvent.type(await screen.findByLabelText('VIN'), '5N1AR2MN9GC000000')
    expect(screen.getByLabelText('Make')).toHaveValue('')
    expect(screen.getByText("This VIN's manufacturer code is used by Infiniti, Nissan: choose the make above.")).toBeInTheDocument()
  })

  it('shows the member price to guests only as a teaser, and asks them for licence photos', async () => {
    fakeApi({ 'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue) })
    await renderApp('/vehicle-keycode-request')
    await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Honda')
    expect(screen.getByText('Honda keycode: $60.00')).toBeInTheDocument()
    expect(screen.getByText('Members pay $45. Basic covers Ford, Nissan and Chevrolet.')).toBeInTheDocument()
    expect(screen.getByLabelText("Driver's license (front)")).toBeInTheDocument()
  })

  it('adds the $20 PIN charge to the price of a PIN make for a buyer without a plan, as the checkout does', async () => {
    fakeApi({ 'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue) })
    await renderApp('/vehicle-keycode-request')
    await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Nissan')
    expect(screen.getByText('Nissan keycode: $90.00')).toBeInTheDocument()
    expect(screen.getByText('Non-member price, +$20 for the PIN code')).toBeInTheDocument()
  })

  describe('for a Basic member', () => {
    const basicMember = testUser({ subscription: { tier: 'BASIC', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })
    const renderForBasic = async (basicDiscount: { available: boolean; nextOn: string | null }) => {
      fakeApi({
        'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue),
        'GET /api/user/subscription': () =>
          jsonAnswer(200, {
            tier: 'BASIC',
            status: 'ACTIVE',
            billing: 'MONTHLY',
            startDate: '2026-11-01T00:00:00.000Z',
            endDate: '2026-12-01T00:00:00.000Z',
            autoRenew: true,
            feeCents: 999,
            refund: null,
            basicDiscount,
          }),
      })
      await renderApp('/vehicle-keycode-request', { user: basicMember })
    }

    it("shows a Ford at the member price less this month's 15%", async () => {
      await renderForBasic({ available: true, nextOn: '2026-12-01T00:00:00.000Z' })
      await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Ford')
      expect(await screen.findByText('Ford keycode: $46.75')).toBeInTheDocument()
      expect(screen.getByText('Member price. 15% Basic discount, your one for this plan month')).toBeInTheDocument()
    })

    it('shows a Honda at the standard price, and says Basic covers Ford, Nissan and Chevrolet', async () => {
      await renderForBasic({ available: true, nextOn: '2026-12-01T00:00:00.000Z' })
      await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Honda')
      expect(await screen.findByText('Honda keycode: $60.00')).toBeInTheDocument()
      expect(screen.getByText('Standard price: Basic covers Ford, Nissan and Chevrolet')).toBeInTheDocument()
    })

    it("says when the month's discount is used and when the next one comes", async () => {
      await renderForBasic({ available: false, nextOn: '2026-12-01T00:00:00.000Z' })
      await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Ford')
      expect(await screen.findByText('Ford keycode: $55.00')).toBeInTheDocument()
      expect(screen.getByText('Member price. Your Basic discount for this month is used; next on Dec 1, 2026')).toBeInTheDocument()
    })
  })

  it('shows the form only once the compliance notice has come, so the notice never pushes the form under the pointer', async () => {
    let answerCompliance: (answer: Response) => void = () => undefined
    const calls = fakeApi({
      'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue),
      'GET /api/compliance/status/public': () => new Promise<Response>((resolve) => (answerCompliance = resolve)),
    })
    await renderApp('/vehicle-keycode-request', { user: null })
    await vi.waitFor(() => expect(calls.map((call) => call.key)).toContain('GET /api/compliance/status/public'))
    // The catalogue has answered by now; give the page time to draw with it.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.getByText('Loading vehicles...')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull()

    answerCompliance(
      jsonAnswer(200, { required: true, requiredDocs: [], message: 'Texas requires a state locksmith license.', jurisdiction: 'Texas' }),
    )
    await screen.findByRole('button', { name: 'Add to Cart' })
    const notice = screen.getByText(/Texas requires a state locksmith license\./)
    const make = screen.getByLabelText('Make')
    expect(notice.compareDocumentPosition(make) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('sends a complete request and goes to the cart', async () => {
    const { calls, router } = await renderForm()
    await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Honda')
    await userEvent.selectOptions(screen.getByLabelText('Model'), 'Civic')
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2016')
    await userEvent.type(screen.getByLabelText('VIN'), '1HGCR2F31GA000000')
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    const body = calls.find((call) => call.key === 'POST /api/vehicle/request-keycode-public')?.body as FormData
    expect(body.get('vin')).toBe('1HGCR2F31GA000000')
  })

  it('lets a manager of several locations name the one the order is for, and sends it (docs/decisions/039)', async () => {
    const calls = fakeApi({
      'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue),
      'POST /api/vehicle/request-keycode-public': () => jsonAnswer(201, { id: 'r1', guestUserId: null, cartId: 'c1' }),
      'GET /api/cart/items': () => jsonAnswer(200, []),
      'GET /api/team/membership': () =>
        jsonAnswer(200, {
          business: { id: '11111111-1111-4111-8111-111111111111', name: 'Northside Locks' },
          position: 'MANAGER',
          enterpriseActive: true,
          locations: [
            { id: '22222222-2222-4222-8222-222222222222', name: 'Downtown' },
            { id: '33333333-3333-4333-8333-333333333333', name: 'Harbor' },
          ],
          closedReason: null,
        }),
    })
    const { router } = await renderApp('/vehicle-keycode-request', { user: testUser() })
    await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Honda')
    await userEvent.selectOptions(screen.getByLabelText('Model'), 'Civic')
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2016')
    await userEvent.type(screen.getByLabelText('VIN'), '1HGCR2F31GA000000')
    await userEvent.selectOptions(await screen.findByLabelText('Location of Northside Locks'), 'Harbor')
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    const body = calls.find((call) => call.key === 'POST /api/vehicle/request-keycode-public')?.body as FormData
    expect(body.get('locationId')).toBe('33333333-3333-4333-8333-333333333333')
  })

  it('says why a team member orders nothing once the business left Enterprise', async () => {
    fakeApi({
      'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue),
      'GET /api/team/membership': () =>
        jsonAnswer(200, {
          business: { id: '11111111-1111-4111-8111-111111111111', name: 'Northside Locks' },
          position: 'TECHNICIAN',
          enterpriseActive: false,
          locations: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Downtown' }],
          closedReason: TEAM_MESSAGES.notEnterprise,
        }),
    })
    await renderApp('/vehicle-keycode-request', { user: testUser() })
    expect(await screen.findByText(TEAM_MESSAGES.notEnterprise)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument()
  })

  it('clears a refusal as soon as its cause is fixed: a Ford VIN refused, then corrected to the Honda VIN', async () => {
    const refusal = 'The VIN does not belong to a Honda. Check the make or the VIN.'
    fakeApi({
      'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue),
      'POST /api/vehicle/request-keycode-public': () => jsonAnswer(400, { code: 'VALIDATION_ERROR', message: refusal, error: refusal }),
    })
    await renderApp('/vehicle-keycode-request', { user: testUser() })
    await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Honda')
    await userEvent.selectOptions(screen.getByLabelText('Model'), 'Civic')
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2016')
    await userEvent.type(screen.getByLabelText('VIN'), '1HGCR2F31GA000000')
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
    expect(await screen.findByText(refusal)).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('VIN'))
    await userEvent.type(screen.getByLabelText('VIN'), '1HGCR2F31GA000001')
    expect(screen.queryByText(refusal)).not.toBeInTheDocument()
  })

  it('clears a field message once the field is fixed after a submit', async () => {
    await renderForm()
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }))
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Make'), 'Honda')
    await userEvent.selectOptions(screen.getByLabelText('Model'), 'Civic')
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2016')
    await userEvent.type(screen.getByLabelText('VIN'), '1HGCR2F31GA000000')
    await vi.waitFor(() => expect(screen.queryByText('Please fill in all required fields.')).not.toBeInTheDocument())
  })

  it('refuses a PDF renamed .jpg as soon as it is chosen, by its first bytes, with no preview', async () => {
    await renderForm()
    const pdf = new File(['%PDF-1.4 not a photo'], 'front.jpg', { type: 'image/jpeg' })
    await userEvent.upload(await screen.findByLabelText('Government photo ID (front) (optional)'), pdf)
    expect(await screen.findByText('Only image files are allowed.')).toBeInTheDocument()
    expect(screen.queryByAltText(/preview/)).not.toBeInTheDocument()
  })

  it('previews a real JPEG', async () => {
    // The test page loads nothing: the preview's address is a data URL instead of a blob the page would fetch.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('data:image/gif;base64,R0lGODlhAQABAAAAACw=')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    await renderForm()
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])], 'front.jpg', {
      type: 'image/jpeg',
    })
    await userEvent.upload(await screen.findByLabelText('Government photo ID (front) (optional)'), jpeg)
    expect(await screen.findByAltText('Government photo ID (front) preview')).toBeInTheDocument()
  })

  describe('proof of ownership (docs/decisions/041)', () => {
    const jpeg = (name: string) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])], `${name}.jpg`, { type: 'image/jpeg' })
    const chooseHondaCivic = async () => {
      await userEvent.selectOptions(await screen.findByLabelText('Make'), 'Honda')
      await userEvent.selectOptions(screen.getByLabelText('Model'), 'Civic')
      await userEvent.selectOptions(screen.getByLabelText('Year'), '2016')
      await userEvent.type(screen.getByLabelText('VIN'), '1HGCR2F31GA000000')
    }

    beforeEach(() => {
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('data:image/gif;base64,R0lGODlhAQABAAAAACw=')
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    })

    it('asks a guest for the registration, title or insurance with the licence, and for the plate and odometer as optional', async () => {
      const calls = fakeApi({ 'GET /api/makes/getMakes': () => jsonAnswer(200, catalogue) })
      await renderApp('/vehicle-keycode-request')
      await chooseHondaCivic()
      expect(screen.getByLabelText('Licence plate photo (optional)')).toBeInTheDocument()
      expect(screen.getByLabelText('Odometer photo (optional)')).toBeInTheDocument()
      await userEvent.upload(screen.getByLabelText("Driver's license (front)"), jpeg('front'))
      await userEvent.upload(screen.getByLabelText("Driver's license (back)"), jpeg('back'))
      await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
      expect(await screen.findAllByText(GUEST_OWNERSHIP_MESSAGE)).not.toHaveLength(0)
      expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
    })

    it("sends a member's customer authorisation: the owner's name and what the ownership photo is", async () => {
      const { calls } = await renderForm()
      await chooseHondaCivic()
      await userEvent.type(screen.getByLabelText("Vehicle owner's name (optional)"), 'Dana Reyes')
      await userEvent.upload(screen.getByLabelText('Registration, title or insurance (optional)'), jpeg('title'))
      await userEvent.selectOptions(screen.getByLabelText('The ownership document is'), 'TITLE')
      await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }))
      await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/vehicle/request-keycode-public')).toBe(true))
      const sent = calls.find((call) => call.key === 'POST /api/vehicle/request-keycode-public')?.body as FormData
      expect(sent.get('ownerName')).toBe('Dana Reyes')
      expect(sent.get('ownershipDocument')).toBe('TITLE')
      expect(sent.get('registration')).toBeInstanceOf(File)
    })
  })
})
