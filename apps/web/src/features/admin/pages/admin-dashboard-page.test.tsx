import { MINUTE_MS } from '@keydesk/contracts/time'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer, type RecordedCall } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const queued = (id: string, status: string) => ({
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
  documents: [{ docType: 'FRONT_ID', verified: true }],
  servicePlan: 'NONE',
  dueAt: '2026-11-24T10:00:00.000Z',
  buyerName: 'Owen Owner',
  startedBy: null,
  batch: null,
})

const admin = testUser({ role: 'ADMIN' })

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

const bodyOf = (calls: RecordedCall[], key: string) => JSON.parse(String(calls.find((call) => call.key === key)?.body))

/** The order panel keeps its documents collapsed until they are opened. */
const showDocuments = async () => userEvent.click(await screen.findByRole('button', { name: /^Show documents/ }))

describe('admin dashboard', () => {
  it("starts a pending request and says 'Status updated to In Progress'", async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, [queued('p1', 'PENDING')]),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'POST /api/admin/update-request-status/p1': () => jsonAnswer(200, { message: 'Status updated to In Progress' }),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: 'Start 2020 Ford F-150' }))
    expect(await screen.findByText('Status updated to In Progress')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/admin/update-request-status/p1')).toBe(true)
  })

  it("asks for a keycode before submitting: 'Please enter a keycode before submitting.'", async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [queued('i1', 'INPROGRESS')]),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: 'Submit keycode' }))
    expect(screen.getByText('Please enter a keycode before submitting.')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(false)
  })

  it('sends the keycode and the optional PIN', async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [queued('i1', 'INPROGRESS')]),
      'POST /api/admin/process-request': () =>
        jsonAnswer(200, { message: 'Keycode delivered.', confirmationNumber: 'KD-Y9E8U5GSWZ', mailQueuedTo: 'owner@example.com' }),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.type(await screen.findByLabelText('Keycode'), 'K4471')
    await userEvent.click(screen.getByRole('button', { name: 'Submit keycode' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(true))
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/admin/process-request')?.body))).toEqual({
      vehicleId: 'i1',
      keycode: 'K4471',
    })
  })
})

describe('admin dashboard: the key type with the code', () => {
  it("suggests the vehicle's earlier key blanks and sends the key blank and transponder with the code", async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [queued('i1', 'INPROGRESS')]),
      'GET /api/admin/key-blanks': () => jsonAnswer(200, { keyBlanks: ['H75', 'H84'] }),
      'POST /api/admin/process-request': () =>
        jsonAnswer(200, { message: 'Keycode delivered.', confirmationNumber: 'KD-Y9E8U5GSWZ', mailQueuedTo: 'owner@example.com' }),
    })
    await renderApp('/admin', { user: admin })
    const keyBlank = await screen.findByLabelText('Key blank (optional)')
    const list = keyBlank.ownerDocument.getElementById(keyBlank.getAttribute('list') ?? '')
    await vi.waitFor(() => expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(['H75', 'H84']))
    await userEvent.type(screen.getByLabelText('Keycode'), 'K4471')
    await userEvent.type(keyBlank, 'H75')
    await userEvent.type(screen.getByLabelText('Transponder or chip (optional)'), '4D63 80-bit')
    await userEvent.click(screen.getByRole('button', { name: 'Submit keycode' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(true))
    expect(bodyOf(calls, 'POST /api/admin/process-request')).toEqual({
      vehicleId: 'i1',
      keycode: 'K4471',
      keyBlank: 'H75',
      transponder: '4D63 80-bit',
    })
  })
})

describe('admin dashboard: a release is confirmed', () => {
  it('says what was released and where the mail went, keeps the order in view, and moves on only when asked', async () => {
    let inProgress = [queued('i1', 'INPROGRESS'), { ...queued('i3', 'INPROGRESS'), model: 'Ranger', vin: '1FTER4FH0LLA00003' }]
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, inProgress),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
      'POST /api/admin/update-request-status/p1': () => jsonAnswer(200, { message: 'Status updated to In Progress' }),
      'POST /api/admin/process-request': () => {
        inProgress = inProgress.filter((request) => request.id !== 'i1')
        return jsonAnswer(200, { message: 'Keycode delivered.', confirmationNumber: 'KD-Y9E8U5GSWZ', mailQueuedTo: 'owner@example.com' })
      },
    })
    await renderApp('/admin', { user: admin })
    await userEvent.type(await screen.findByLabelText('Keycode'), 'K4512')
    await userEvent.click(screen.getByRole('button', { name: 'Submit keycode' }))
    const released = await screen.findByRole('region', { name: 'Keycode released' })
    expect(released).toHaveTextContent('Released K4512 for KD-Y9E8U5GSWZ: mail queued to owner@example.com')
    expect(released).toHaveTextContent('2020 Ford F-150')
    // The next order's form does not open by itself once the released order has left the queue.
    await vi.waitFor(() => expect(screen.getAllByRole('row', { name: /Ranger/ })).toHaveLength(1))
    expect(screen.queryByLabelText('Keycode')).not.toBeInTheDocument()
    await userEvent.keyboard('n')
    expect(screen.queryByRole('region', { name: 'Keycode released' })).not.toBeInTheDocument()
    const next = await screen.findByRole('region', { name: 'Details: 2020 Ford Ranger' })
    // The focus lands on the next order's verdict, where the work goes on, not on the page body.
    await vi.waitFor(() => expect(within(next).getAllByRole('heading', { level: 3 })[0]).toHaveFocus())
  })

  it('moves to the next order with the Next order button, and clears an earlier toast on release', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, [queued('p1', 'PENDING')]),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [queued('i1', 'INPROGRESS')]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, []),
      'POST /api/admin/update-request-status/p1': () => jsonAnswer(200, { message: 'Status updated to In Progress' }),
      'POST /api/admin/process-request': () =>
        jsonAnswer(200, { message: 'Keycode delivered.', confirmationNumber: 'KD-Y9E8U5GSWZ', mailQueuedTo: 'owner@example.com' }),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: 'Start 2020 Ford F-150' }))
    expect(await screen.findByText('Status updated to In Progress')).toBeInTheDocument()
    const inProgress = screen.getByRole('region', { name: 'In progress' })
    await userEvent.type(within(inProgress).getByLabelText('Keycode'), 'K4512')
    await userEvent.click(within(inProgress).getByRole('button', { name: 'Submit keycode' }))
    expect(await screen.findByRole('region', { name: 'Keycode released' })).toBeInTheDocument()
    expect(screen.queryByText('Status updated to In Progress')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next order (N)' }))
    expect(screen.queryByRole('region', { name: 'Keycode released' })).not.toBeInTheDocument()
    // Nothing left in progress: the focus goes to the queue's heading, above its empty state.
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'In progress' })).toHaveFocus())
  })
})

describe('admin dashboard: the release gate', () => {
  const unvalidated = { ...queued('i2', 'INPROGRESS'), isValidatedUser: false, documents: [{ docType: 'COI', verified: null }] }
  const guest = {
    ...queued('g1', 'INPROGRESS'),
    dueAt: '2026-11-25T10:00:00.000Z',
    isGuest: true,
    keycodeUserEmail: null,
    buyerId: null,
    checkoutEmail: 'pat@example.com',
    checkoutName: 'Pat Payer',
    licenseFront: '/api/files/licence-front',
    licenseBack: '/api/files/licence-back',
    isValidatedUser: false,
    documents: [],
  }

  it("shows the member's account state and each document with its review state and image in the order's panel", async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [unvalidated, guest]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, [document('d1', 'COI')]),
    })
    await renderApp('/admin', { user: admin })
    expect(await screen.findByText('Account not validated')).toBeInTheDocument()
    expect(screen.getByText('Account active')).toBeInTheDocument()
    await showDocuments()
    const documents = await screen.findByRole('list', { name: 'Documents on file' })
    expect(documents).toHaveTextContent('Certificate of insurance')
    expect(documents).toHaveTextContent('pending review')
    expect(within(documents).getByRole('button', { name: 'Enlarge Certificate of insurance' })).toBeInTheDocument()
    expect(screen.getByText(/paid \$70\.00/)).toBeInTheDocument()
    // The first row is open; another row opens with a click, or from the keyboard with the arrow keys and Enter.
    const rows = screen.getAllByRole('row', { name: /2020 Ford F-150/ })
    rows[0]?.focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(rows[1]).toHaveFocus()
    expect(await screen.findByText(/identity to check against the licence photos/)).toBeInTheDocument()
  })

  it("shows a revoked buyer's account state and offers no release, saying what to do", async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [{ ...queued('r1', 'INPROGRESS'), accountState: 'REVOKED' }]),
    })
    await renderApp('/admin', { user: admin })
    expect(await screen.findByText('Account revoked: cannot sign in')).toBeInTheDocument()
    expect(screen.getByText(/account is revoked, so they cannot sign in/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit keycode' })).toBeNull()
    expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(false)
  })

  it('asks for a reason before releasing to an unvalidated member, and sends it', async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [unvalidated]),
      'POST /api/admin/process-request': () =>
        jsonAnswer(200, { message: 'Keycode delivered.', confirmationNumber: 'KD-Y9E8U5GSWZ', mailQueuedTo: 'owner@example.com' }),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.type(await screen.findByLabelText('Keycode'), 'K-GATE')
    await userEvent.click(screen.getByRole('button', { name: 'Submit keycode' }))
    const dialog = await screen.findByRole('dialog', { name: 'Before this keycode is released' })
    expect(dialog).toHaveTextContent("This member's account is not validated yet.")
    await userEvent.type(within(dialog).getByLabelText('Reason to release it anyway'), 'too short')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release keycode' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason of at least 10 characters.')
    expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(false)
    await userEvent.type(within(dialog).getByLabelText('Reason to release it anyway'), ', licence seen by video call')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release keycode' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(true))
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/admin/process-request')?.body))).toEqual({
      vehicleId: 'i2',
      keycode: 'K-GATE',
      overrideReason: 'too short, licence seen by video call',
    })
  })

  it('validates the account and approves a document from the panel through the same routes as the separate screens', async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [unvalidated]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, [document('d1', 'COI')]),
      'PATCH /api/compliance/documents/d1/review': () => jsonAnswer(200, { message: 'Document reviewed.' }),
      'PATCH /api/admin/validate-user/u1': () => jsonAnswer(200, { message: 'User validated successfully.' }),
    })
    await renderApp('/admin', { user: admin })
    await showDocuments()
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Certificate of insurance' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'PATCH /api/compliance/documents/d1/review')).toBe(true))
    expect(bodyOf(calls, 'PATCH /api/compliance/documents/d1/review')).toEqual({ verified: true, notes: '' })
    await userEvent.click(screen.getByRole('button', { name: 'Validate account' }))
    expect(await screen.findByText('User validated successfully.')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'PATCH /api/admin/validate-user/u1')).toBe(true)
  })

  it('rejects a document from the panel only with a reason, and sends the reason', async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [unvalidated]),
      'GET /api/compliance/documents/u1': () => jsonAnswer(200, [document('d1', 'COI')]),
      'PATCH /api/compliance/documents/d1/review': () => jsonAnswer(200, { message: 'Document reviewed.' }),
    })
    await renderApp('/admin', { user: admin })
    await showDocuments()
    await userEvent.click(await screen.findByRole('button', { name: 'Reject with reason (Certificate of insurance)' }))
    expect(await screen.findByText('Say why the document is rejected.')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'PATCH /api/compliance/documents/d1/review')).toBe(false)
    await userEvent.type(screen.getByLabelText('Review notes for Certificate of insurance'), 'Expired in 2024')
    await userEvent.click(screen.getByRole('button', { name: 'Reject with reason (Certificate of insurance)' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'PATCH /api/compliance/documents/d1/review')).toBe(true))
    expect(bodyOf(calls, 'PATCH /api/compliance/documents/d1/review')).toEqual({ verified: false, notes: 'Expired in 2024' })
  })

  it('shows the licence photos, zoomable, and the name and e-mail typed at checkout in the guest identity check', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [guest]),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.type(await screen.findByLabelText('Keycode'), 'K-GUEST')
    await userEvent.click(screen.getByRole('button', { name: 'Submit keycode' }))
    const dialog = await screen.findByRole('dialog', { name: 'Before this keycode is released' })
    expect(dialog).toHaveTextContent('Name typed at checkoutPat Payer')
    expect(dialog).toHaveTextContent('E-mail typed at checkoutpat@example.com')
    expect(within(dialog).getByRole('img', { name: "Driver's license (front)" })).toHaveAttribute('src', '/api/files/licence-front')
    expect(within(dialog).getByRole('img', { name: "Driver's license (back)" })).toHaveAttribute('src', '/api/files/licence-back')
    const zoom = within(dialog).getByRole('button', { name: "Zoom Driver's license (front)" })
    await userEvent.click(zoom)
    expect(zoom).toHaveAttribute('aria-pressed', 'true')
  })

  it("asks to confirm a guest's identity against the licence photos, and sends the confirmation", async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [guest]),
      'POST /api/admin/process-request': () =>
        jsonAnswer(200, { message: 'Keycode delivered.', confirmationNumber: 'KD-Y9E8U5GSWZ', mailQueuedTo: 'owner@example.com' }),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.type(await screen.findByLabelText('Keycode'), 'K-GUEST')
    await userEvent.click(screen.getByRole('button', { name: 'Submit keycode' }))
    const dialog = await screen.findByRole('dialog', { name: 'Before this keycode is released' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release keycode' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Confirm that the licence photos match, or give a reason.')
    await userEvent.click(within(dialog).getByLabelText('I checked that the licence photos match this request.'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release keycode' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(true))
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/admin/process-request')?.body))).toEqual({
      vehicleId: 'g1',
      keycode: 'K-GUEST',
      identityChecked: true,
    })
  })

  it('lists keycode mails that could not be delivered', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/failed-keycode-mails': () =>
        jsonAnswer(200, [
          {
            vehicleRequestId: 'r1',
            to: 'nobody@bounce.example',
            lastError: '550 mailbox unavailable',
            failedAt: '2026-11-22T10:00:00.000Z',
            vehicle: '2016 Honda Civic (VIN ending 0001)',
          },
        ]),
    })
    await renderApp('/admin', { user: admin })
    const panel = await screen.findByRole('region', { name: 'Keycode e-mails that could not be delivered' })
    expect(panel).toHaveTextContent('nobody@bounce.example')
    expect(panel).toHaveTextContent('2016 Honda Civic (VIN ending 0001)')
  })
})

const transaction = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  confirmationNumber: `KD-2026-${id}`,
  status: 'INPROGRESS',
  paymentStatus: 'PAID',
  amount: 155,
  createdAt: '2026-11-22T09:00:00.000Z',
  paidAt: '2026-11-22T09:05:00.000Z',
  customerEmail: 'buyer@example.com',
  vehicles: [
    { id: `${id}-v1`, make: 'Ford', model: 'F-150', vin: '1FTEW1EP0LFA00001', status: 'FULFILLED', keycode: 'K4471' },
    { id: `${id}-v2`, make: 'Honda', model: 'Accord', vin: '1HGCR2F31GA000000', status: 'INPROGRESS', keycode: null },
  ],
  ...overrides,
})

const subscription = (id: string, userEmail: string | null) => ({
  id,
  tier: 'PROFESSIONAL',
  status: 'ACTIVE',
  userEmail,
  memberName: userEmail === null ? null : 'Dana Locke',
  billing: 'MONTHLY',
  refundedCents: null,
})

/** The query of the latest GET /admin/transactions. */
const lastTransactionsQuery = (calls: RecordedCall[]) =>
  new URL(calls.filter((call) => call.key === 'GET /api/admin/transactions').at(-1)?.url ?? '', 'http://localhost').searchParams

describe('admin dashboard: subscriptions and transactions', () => {
  it("shows subscriptions by plan and member (name and e-mail, or 'User Inactive'), never by id, and transactions with vehicles and keycodes", async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, [queued('p1', 'PENDING')]),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/subscriptions': () => jsonAnswer(200, [subscription('sub-1', 'member@example.com'), subscription('sub-2', null)]),
      'GET /api/admin/transactions': () => jsonAnswer(200, [transaction('0001'), transaction('0002', { status: 'PENDING' })]),
    })
    await renderApp('/admin', { user: admin })

    const subscriptions = await screen.findByRole('region', { name: 'Subscriptions' })
    const active = (await within(subscriptions).findByText('member@example.com')).closest('tr') as HTMLElement
    expect(active).toHaveTextContent('Professional plan (monthly)')
    expect(active).toHaveTextContent('Dana Locke')
    expect(within(subscriptions).getByText('User Inactive')).toBeInTheDocument()
    expect(within(subscriptions).getAllByText('Professional plan (monthly)')).toHaveLength(2)
    expect(subscriptions).not.toHaveTextContent('sub-1')

    const transactions = screen.getByRole('region', { name: 'Transactions' })
    const first = (await within(transactions).findByText('KD-2026-0001')).closest('li') as HTMLElement
    expect(first).toHaveTextContent('In Progress')
    expect(first).toHaveTextContent('$155.00')
    expect(first).toHaveTextContent('Ford F-150 · 1FTEW1EP0LFA00001 · Keycode: K4471')
    expect(within(first).getByText('1HGCR2F31GA000000').closest('li')).not.toHaveTextContent('Keycode')
    expect(within(transactions).getByText('KD-2026-0002').closest('li')).toHaveTextContent('Pending')

    const counts = screen.getByText('Transactions', { selector: 'dt' }).closest('dl') as HTMLElement
    expect(within(counts).getByText('Pending').nextSibling).toHaveTextContent('1')
    expect(within(counts).getByText('In progress').nextSibling).toHaveTextContent('0')
    expect(within(counts).getByText('Transactions').nextSibling).toHaveTextContent('2')
  })

  it('says so when there are no subscriptions or transactions', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/subscriptions': () => jsonAnswer(200, []),
      'GET /api/admin/transactions': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    expect(await screen.findByText('No subscriptions yet.')).toBeInTheDocument()
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument()
  })

  it('sends the status filter, the search, the sort and the page in the transactions query', async () => {
    const fullPage = Array.from({ length: 21 }, (_, index) => transaction(String(index).padStart(4, '0')))
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/subscriptions': () => jsonAnswer(200, []),
      'GET /api/admin/transactions': () => jsonAnswer(200, fullPage),
    })
    await renderApp('/admin', { user: admin })
    const transactions = await screen.findByRole('region', { name: 'Transactions' })
    await within(transactions).findByText('KD-2026-0019')
    expect(within(transactions).queryByText('KD-2026-0020')).not.toBeInTheDocument()
    expect(Object.fromEntries(lastTransactionsQuery(calls))).toEqual({ sortOrder: 'desc', limit: '21', offset: '0' })

    await userEvent.click(within(transactions).getByRole('button', { name: 'Next' }))
    await vi.waitFor(() => expect(lastTransactionsQuery(calls).get('offset')).toBe('20'))

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'In Progress')
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Confirmation number')
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'Ascending')
    await userEvent.type(screen.getByLabelText('Search by VIN, confirmation number, e-mail, name or batch'), ' kd-2026-0007 ')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await vi.waitFor(() =>
      expect(Object.fromEntries(lastTransactionsQuery(calls))).toEqual({
        status: 'INPROGRESS',
        search: 'kd-2026-0007',
        sortBy: 'confirmation',
        sortOrder: 'asc',
        limit: '21',
        offset: '0',
      }),
    )
  })

  it('enlarges a document image in a dialog that Close and Escape shut, giving focus back', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, [{ ...queued('p1', 'PENDING'), frontId: '/api/files/front-1' }]),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    await showDocuments()
    const thumbnail = await screen.findByRole('button', { name: 'Enlarge Government photo ID (front)' })

    await userEvent.click(thumbnail)
    const dialog = screen.getByRole('dialog', { name: 'Government photo ID (front)' })
    expect(within(dialog).getByRole('img', { name: 'Government photo ID (front)' })).toHaveAttribute('src', '/api/files/front-1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(thumbnail).toHaveFocus()

    await userEvent.click(thumbnail)
    expect(screen.getByRole('dialog', { name: 'Government photo ID (front)' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(thumbnail).toHaveFocus()
  })

  it("says 'Error fetching subscriptions.' and 'Error fetching transactions.' when the server gives no message", async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/subscriptions': () => new Response('Bad gateway', { status: 502 }),
      'GET /api/admin/transactions': () => jsonAnswer(200, [{ unexpected: true }]),
    })
    await renderApp('/admin', { user: admin })
    const subscriptions = await screen.findByRole('region', { name: 'Subscriptions' })
    expect(await within(subscriptions).findByRole('alert')).toHaveTextContent('Error fetching subscriptions.')
    const transactions = screen.getByRole('region', { name: 'Transactions' })
    expect(await within(transactions).findByRole('alert')).toHaveTextContent('Error fetching transactions.')
  })

  it("shows the server's message when a failed call has one", async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/subscriptions': () => jsonAnswer(200, []),
      'GET /api/admin/transactions': () => errorAnswer(400, 'Search is too long.', 'VALIDATION_ERROR'),
    })
    await renderApp('/admin', { user: admin })
    const transactions = await screen.findByRole('region', { name: 'Transactions' })
    expect(await within(transactions).findByRole('alert')).toHaveTextContent('Search is too long.')
  })
})

describe('admin dashboard: the SLA queue', () => {
  it('shows the most urgent request first with its time left, overdue in red, and the overdue counts', async () => {
    const now = Date.now()
    const at = (minutes: number) => new Date(now + minutes * MINUTE_MS).toISOString()
    const overdue = { ...queued('late', 'PENDING'), model: 'Ranger', paidAt: at(-90), dueAt: at(-30), servicePlan: 'ENTERPRISE' }
    const soon = { ...queued('soon', 'PENDING'), model: 'Escape', paidAt: at(-50), dueAt: at(10), servicePlan: 'PROFESSIONAL' }
    const relaxed = { ...queued('calm', 'PENDING'), model: 'Edge', paidAt: at(-60), dueAt: at(47 * 60), servicePlan: 'NONE' }
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, [overdue, soon, relaxed]),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/queue-counts': () => jsonAnswer(200, { pending: 3, inProgress: 0, overduePending: 1, overdueInProgress: 0 }),
    })
    await renderApp('/admin', { user: admin })
    const table = await screen.findByRole('table', { name: 'Pending requests' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('2020 Ford Ranger')
    expect(within(rows[0] as HTMLElement).getByText(/Overdue by 30 min/)).toHaveAttribute('data-urgency', 'overdue')
    expect(within(rows[1] as HTMLElement).getByText(/10 min left/)).toHaveAttribute('data-urgency', 'due-soon')
    expect(within(rows[2] as HTMLElement).getByText(/1 d 23 h left/)).toHaveAttribute('data-urgency', 'on-time')
    expect(rows[0]).toHaveTextContent('Enterprise')
    expect(rows[0]).toHaveTextContent('Owen Owner')
    expect(rows[0]).toHaveTextContent('Unassigned')
    expect(await screen.findByText('1 overdue')).toBeInTheDocument()

    // Sorting by a header keeps the rows and says which way it sorts.
    await userEvent.click(within(table).getByRole('button', { name: /Plan/ }))
    expect(within(table).getByRole('columnheader', { name: /Plan/ })).toHaveAttribute('aria-sort', 'ascending')
    expect(within(table).getAllByRole('row').slice(1)[0]).toHaveTextContent('Enterprise')
  })

  it('shows who started a request in progress', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () =>
        jsonAnswer(200, [{ ...queued('i9', 'INPROGRESS'), startedBy: { name: 'Bea Backoffice', at: '2026-11-22T10:05:00.000Z' } }]),
    })
    await renderApp('/admin', { user: admin })
    const table = await screen.findByRole('table', { name: 'Requests in progress' })
    expect(within(table).getByText('Bea Backoffice')).toBeInTheDocument()
  })

  it('sends one search to both queues and the transactions, and says when a queue has no match', async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/transactions': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    await userEvent.type(await screen.findByLabelText('Search by VIN, confirmation number, e-mail, name or batch'), 'pat@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(
      await screen.findByText('Nothing here matches “pat@example.com”.', { selector: 'section[aria-labelledby="pending-heading"] p' }),
    ).toBeInTheDocument()
    const searched = (path: string) =>
      calls.some(
        (call) => call.key === `GET ${path}` && new URL(call.url, 'http://localhost').searchParams.get('search') === 'pat@example.com',
      )
    await vi.waitFor(() => {
      expect(searched('/api/admin/pending-requests')).toBe(true)
      expect(searched('/api/admin/in-progress-requests')).toBe(true)
      expect(searched('/api/admin/transactions')).toBe(true)
    })
  })

  it('makes the counts follow the search: what it found in each queue and how much of it is overdue', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': (call) =>
        jsonAnswer(
          200,
          new URL(call.url, 'http://localhost').searchParams.get('search')
            ? [{ ...queued('p1', 'PENDING'), dueAt: '2020-01-01T00:00:00.000Z' }]
            : [queued('p1', 'PENDING'), queued('p2', 'PENDING')],
        ),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/queue-counts': () => jsonAnswer(200, { pending: 40, inProgress: 7, overduePending: 3, overdueInProgress: 0 }),
      'GET /api/admin/transactions': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    const counts = (await screen.findByText('Transactions', { selector: 'dt' })).closest('dl') as HTMLElement
    await vi.waitFor(() => expect(within(counts).getByText('Pending').nextSibling).toHaveTextContent('40'))
    await userEvent.type(screen.getByLabelText('Search by VIN, confirmation number, e-mail, name or batch'), '1FTEW1EP0LFA00001')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await vi.waitFor(() => expect(within(counts).getByText('Pending found').nextSibling).toHaveTextContent('11 overdue'))
    expect(within(counts).getByText('In progress found').nextSibling).toHaveTextContent('0')
  })

  it('links to the problem reports with how many are open, as the queue counts say', async () => {
    fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/queue-counts': () =>
        jsonAnswer(200, { pending: 0, inProgress: 0, overduePending: 0, overdueInProgress: 0, openProblemReports: 5 }),
      'GET /api/admin/transactions': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    const link = await screen.findByRole('link', { name: 'Problem reports' })
    expect(link).toHaveAttribute('href', '/admin/problem-reports')
    await vi.waitFor(() => expect(link.parentElement).toHaveTextContent('Problem reports 5 open'))
  })

  it("shows a bulk order's place in its batch, and its label narrows both queues to that batch", async () => {
    const batch = { code: 'B-7K2QX4', position: 3, size: 20 }
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, [{ ...queued('b3', 'PENDING'), batch }]),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'GET /api/admin/transactions': () => jsonAnswer(200, []),
    })
    await renderApp('/admin', { user: admin })
    const table = await screen.findByRole('table', { name: 'Pending requests' })
    await userEvent.click(within(table).getByRole('button', { name: '3 of 20, batch B-7K2QX4: show this batch only' }))
    const searched = (path: string) =>
      calls.some((call) => call.key === `GET ${path}` && new URL(call.url, 'http://localhost').searchParams.get('search') === 'B-7K2QX4')
    await vi.waitFor(() => {
      expect(searched('/api/admin/pending-requests')).toBe(true)
      expect(searched('/api/admin/in-progress-requests')).toBe(true)
    })
    expect(screen.getByLabelText('Search by VIN, confirmation number, e-mail, name or batch')).toHaveValue('B-7K2QX4')
  })
})
