import { ADMIN_MESSAGES } from '@keydesk/contracts/admin-messages'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer, type RecordedCall } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const order = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  make: 'Ford',
  model: 'F-150',
  year: 2020,
  vin: '1FTEW1EP0LFA00001',
  status,
  price: 70,
  keycodePrice: 70,
  keycodeUserEmail: 'owner@example.com',
  buyerId: 'u1',
  checkoutEmail: 'owner@example.com',
  checkoutName: null,
  isValidatedUser: true,
  accountState: 'ACTIVE',
  frontId: null,
  backId: null,
  registration: null,
  licenseFront: null,
  licenseBack: null,
  paidAt: '2026-11-22T10:00:00.000Z',
  paidPrice: 70,
  isGuest: false,
  documents: [],
  servicePlan: 'NONE',
  dueAt: '2026-11-24T10:00:00.000Z',
  buyerName: 'Owen Owner',
  startedBy: null,
  batch: null,
  ...extra,
})

const document = (id: string, docType: string, verified: boolean | null = null) => ({
  id,
  docType,
  verified,
  uploadedAt: '2026-11-22T10:00:00.000Z',
  reviewNotes: null,
  fileUrl: `/api/files/${id}`,
  reviewedBy: verified === null ? null : 'Ada Admin',
  reviewedAt: verified === null ? null : '2026-11-22T11:00:00.000Z',
})

const FOUR_APPROVED = ['FRONT_ID', 'BACK_ID', 'BUSINESS_DOCUMENT', 'COI'].map((docType) => ({ docType, verified: true }))

const admin = testUser({ role: 'ADMIN' })
const panelOf = (queue: string) => within(screen.getByRole('region', { name: queue })).getByRole('region', { name: /^Details:/ })
const reviewCalls = (calls: RecordedCall[]) => calls.filter((call) => call.key.startsWith('PATCH /api/compliance/documents/'))

/**
 * A member's documents under review: each PATCH approves one, and the queue and the documents read afterwards say so,
 * as the server would.
 */
function reviewedOnServer(documents: ReturnType<typeof document>[]) {
  const review = (call: RecordedCall) => {
    const id = call.key.split('/')[4]
    const { verified } = JSON.parse(String(call.body)) as { verified: boolean }
    for (const entry of documents)
      if (entry.id === id) Object.assign(entry, { verified, reviewedBy: 'Ada Admin', reviewedAt: '2026-11-23T09:00:00.000Z' })
    return jsonAnswer(200, { message: 'Document reviewed.' })
  }
  const summary = () => documents.map(({ docType, verified }) => ({ docType, verified }))
  return { review, summary }
}

describe('the order panel: its verdict first', () => {
  it('leads with the verdict the release gate and the documents give: "Buyer validated · 4 of 4 documents approved"', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [order('i1', 'INPROGRESS', { documents: FOUR_APPROVED })]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    await screen.findByLabelText('Keycode')
    const first = panelOf('In progress').querySelector('h3')
    expect(first).toHaveTextContent('Buyer validated · 4 of 4 documents approved')
    expect(first?.compareDocumentPosition(screen.getByLabelText('Keycode'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('names what is missing: the account not validated and each document not approved, by its state', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () =>
        jsonAnswer(200, [
          order('i1', 'INPROGRESS', {
            isValidatedUser: false,
            documents: [
              { docType: 'FRONT_ID', verified: true },
              { docType: 'COI', verified: null },
              { docType: 'BUSINESS_DOCUMENT', verified: false },
            ],
          }),
        ]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    expect(await screen.findByRole('heading', { level: 3 })).toHaveTextContent(
      'Buyer not validated · 1 of 3 documents approved · Certificate of insurance pending review · Business document rejected',
    )
  })

  it("gives a held order's refusal as its verdict and offers no keycode field", async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () =>
        jsonAnswer(200, [order('g1', 'INPROGRESS', { isGuest: true, buyerId: null, keycodeUserEmail: null, checkoutEmail: null })]),
    })
    await renderApp('/admin', { user: admin })
    expect(await screen.findByRole('heading', { level: 3 })).toHaveTextContent(/no account and no checkout e-mail/)
    expect(screen.queryByLabelText('Keycode')).toBeNull()
  })

  it('names the business beside the person and holds the order of a business not validated (docs/decisions/039)', async () => {
    const business = { id: 'b1', name: 'Northside Locks', location: 'Downtown', active: true, validated: false }
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () =>
        jsonAnswer(200, [order('t1', 'INPROGRESS', { buyerName: 'Tomas Tech', documents: FOUR_APPROVED, business })]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    expect(await screen.findByRole('heading', { level: 3 })).toHaveTextContent(ADMIN_MESSAGES.releaseBusinessNotValidated)
    expect(screen.queryByLabelText('Keycode')).toBeNull()
    const queue = screen.getByRole('region', { name: /In progress/i })
    expect(within(queue).getAllByText('for Northside Locks · Downtown').length).toBeGreaterThan(0)
  })

  it('keeps the documents collapsed until they are opened, counting the photos sent with the request', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () =>
        jsonAnswer(200, [order('i1', 'INPROGRESS', { documents: FOUR_APPROVED, registration: '/api/files/registration-1' })]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, [document('d1', 'COI', true)]),
    })
    await renderApp('/admin', { user: admin })
    const toggle = await screen.findByRole('button', { name: 'Show documents (5)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list', { name: 'Documents on file' })).toBeNull()
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByRole('list', { name: 'Documents on file' })).toHaveTextContent('Certificate of insurance')
    expect(screen.getByRole('button', { name: 'Enlarge Registration, title or insurance' })).toBeInTheDocument()
  })
})

describe('the order panel: shortcuts', () => {
  it('lists its shortcuts where they act', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [order('i1', 'INPROGRESS')]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    const legend = await screen.findByRole('region', { name: 'Shortcuts' })
    expect([...legend.querySelectorAll('kbd')].map((key) => key.textContent)).toEqual(['A', 'K', 'N'])
  })

  it('starts the open pending order with S, which opens in progress with focus on its verdict', async () => {
    let pending = [order('p1', 'PENDING')]
    let inProgress: ReturnType<typeof order>[] = [order('i0', 'INPROGRESS', { model: 'Ranger', dueAt: '2026-11-23T10:00:00.000Z' })]
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, pending),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, inProgress),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
      'POST /api/admin/update-request-status/p1': () => {
        inProgress = [...inProgress, order('p1', 'INPROGRESS')]
        pending = []
        return jsonAnswer(200, { message: 'Status updated to In Progress' })
      },
    })
    await renderApp('/admin', { user: admin })
    await within(screen.getByRole('region', { name: 'Pending requests' })).findByRole('region', { name: 'Shortcuts' })
    await userEvent.keyboard('s')
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/update-request-status/p1')).toBe(true))
    const panel = await within(screen.getByRole('region', { name: 'In progress' })).findByRole('region', {
      name: 'Details: 2020 Ford F-150',
    })
    await vi.waitFor(() => expect(within(panel).getByRole('heading', { level: 3 })).toHaveFocus())
  })

  it('approves every document waiting for review with A, then focus lands on the verdict that says so', async () => {
    const documents = [document('d1', 'FRONT_ID', true), document('d2', 'COI'), document('d3', 'BUSINESS_DOCUMENT')]
    const server = reviewedOnServer(documents)
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [order('i1', 'INPROGRESS', { documents: server.summary() })]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, documents),
      'PATCH /api/compliance/documents/d2/review': server.review,
      'PATCH /api/compliance/documents/d3/review': server.review,
    })
    await renderApp('/admin', { user: admin })
    await screen.findByRole('button', { name: 'Approve all waiting documents (2)' })
    await userEvent.keyboard('a')
    const verdict = screen.getByRole('heading', { level: 3 })
    await vi.waitFor(() => expect(verdict).toHaveFocus())
    expect(verdict).toHaveTextContent('Buyer validated · 3 of 3 documents approved')
    expect(reviewCalls(calls).map((call) => call.key)).toEqual([
      'PATCH /api/compliance/documents/d2/review',
      'PATCH /api/compliance/documents/d3/review',
    ])
  })

  it('goes to the keycode field with K, and types letters there as text, never as shortcuts', async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () =>
        jsonAnswer(200, [order('i1', 'INPROGRESS', { documents: [{ docType: 'COI', verified: null }] })]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, [document('d1', 'COI')]),
    })
    await renderApp('/admin', { user: admin })
    await screen.findByRole('button', { name: 'Approve all waiting documents (1)' })
    await userEvent.keyboard('k')
    const keycode = screen.getByLabelText('Keycode')
    expect(keycode).toHaveFocus()
    await userEvent.keyboard('ak4')
    expect(keycode).toHaveValue('ak4')
    expect(reviewCalls(calls)).toEqual([])
  })
})

describe('the order panel: focus lands on the result', () => {
  it("on a document's new state after approving it", async () => {
    const documents = [document('d1', 'COI')]
    const server = reviewedOnServer(documents)
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [order('i1', 'INPROGRESS', { documents: server.summary() })]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, documents),
      'PATCH /api/compliance/documents/d1/review': server.review,
    })
    await renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /^Show documents/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Certificate of insurance' }))
    const state = await screen.findByText('approved')
    await vi.waitFor(() => expect(state.parentElement).toHaveFocus())
    expect(state.parentElement).toHaveTextContent('Certificate of insurance approved')
  })

  it("on the validation's message after validating the account", async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [order('i1', 'INPROGRESS', { isValidatedUser: false })]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
      'PATCH /api/admin/validate-user/u1': () => jsonAnswer(200, { message: 'User validated successfully.' }),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: 'Validate account' }))
    const message = await screen.findByText('User validated successfully.')
    await vi.waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus())
  })

  it('on the message after ending an order as no keycode available', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [order('i1', 'INPROGRESS')]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
      'POST /api/admin/requests/i1/no-keycode': () =>
        jsonAnswer(200, {
          message: 'Order ended as no keycode available; $70.00 refunded.',
          vehicleRequestId: 'i1',
          amountCents: 7000,
          refundedAt: '2026-11-23T09:00:00.000Z',
        }),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: 'No keycode available' }))
    const dialog = await screen.findByRole('dialog', { name: 'End this order as no keycode available?' })
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Why no keycode is available'),
      within(dialog).getAllByRole('option')[1] as HTMLOptionElement,
    )
    await userEvent.type(within(dialog).getByLabelText('Note to the buyer'), 'The maker has no code for this VIN.')
    await userEvent.click(within(dialog).getByRole('button', { name: /^End order and refund/ }))
    const message = await screen.findByText(/Order ended as no keycode available/)
    expect(message.closest('[tabindex="-1"]')).toHaveFocus()
  })
})
