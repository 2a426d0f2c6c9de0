import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { FakeEventSource } from '../../../test/fake-event-source.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'
import { changedFields } from '../components/edit-request-form.tsx'
import { progressPoint } from '../components/order-tracker.tsx'

afterEach(() => vi.unstubAllGlobals())

const order = (id: string, make: string, model: string, vin: string) => ({
  id,
  make: { manufacturerName: make },
  model,
  year: 2020,
  vin,
  status: 'PENDING',
  price: 70,
  keycodePrice: 70,
  frontId: null,
  backId: null,
  registration: null,
  keycode: null,
  pincode: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  paid: true,
  paidAt: '2026-11-22T10:05:00.000Z',
  dueAt: '2026-11-23T10:05:00.000Z',
  confirmationNumber: `KD-${id.toUpperCase()}`,
})
/** A request added to the cart and not paid: not yet an order. */
const inCart = (id: string, make: string, model: string, vin: string) => ({
  ...order(id, make, model, vin),
  paid: false,
  paidAt: null,
  dueAt: null,
  confirmationNumber: null,
})
const cardOf = (title: string) => screen.getByText(title).closest('li') as HTMLElement

async function renderDashboard(path = '/user-dash') {
  fakeApi({
    'GET /api/vehicle/user-requests': () =>
      jsonAnswer(200, {
        pendingRequests: [order('a', 'Ford', 'F-150', '1FTEW1EP0LFA00001'), order('b', 'Honda', 'Civic', '1HGCR2F31GA000000')],
        inProgressRequests: [],
        fulfilledRequests: [{ ...order('c', 'Kia', 'Soul', 'KNDJN2A20L7000001'), status: 'FULFILLED', keycode: 'K1234' }],
      }),
    'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }),
  })
  await renderApp(path, { user: testUser({ fname: 'Lena' }) })
}

describe('user dashboard (docs/product.md, "Screens and routes (web)")', () => {
  it('offers to ask support about a paid order, with the order attached to the form', async () => {
    await renderDashboard()
    const link = within(await screen.findByText('2020 Ford F-150').then((title) => title.closest('li') as HTMLElement)).getByRole('link', {
      name: 'Ask support about this order',
    })
    expect(link).toHaveAttribute('href', '/support?order=a')
  })

  it('welcomes the user and counts orders by status', async () => {
    await renderDashboard()
    expect(await screen.findByText('Welcome, Lena.')).toBeInTheDocument()
    expect(await screen.findByText('2020 Ford F-150')).toBeInTheDocument()
    expect(screen.getAllByText('Pending')[0]?.nextElementSibling).toHaveTextContent('2')
  })

  it('searches by VIN, model or make', async () => {
    await renderDashboard()
    await screen.findByText('2020 Ford F-150')
    await userEvent.type(screen.getByLabelText('Search by VIN, model or make'), 'civic')
    expect(screen.queryByText('2020 Ford F-150')).not.toBeInTheDocument()
    expect(screen.getByText('2020 Honda Civic')).toBeInTheDocument()
  })

  it('tracks the order the payment success page links to', async () => {
    await renderDashboard('/user-dash?order=b')
    expect(await screen.findByText(/Tracking: 2020 Honda Civic/)).toBeInTheDocument()
  })

  it('searches every tab and opens the one with the match', async () => {
    await renderDashboard()
    await screen.findByText('2020 Ford F-150')
    await userEvent.type(screen.getByLabelText('Search by VIN, model or make'), 'soul')
    expect(screen.getByRole('tab', { name: 'Fulfilled (1)' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('2020 Kia Soul')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Pending (0)' })).toBeInTheDocument()
  })

  it('opens the tab with the match when the search was typed before the orders arrived', async () => {
    let answer: (response: Response) => void = () => undefined
    fakeApi({
      'GET /api/vehicle/user-requests': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }),
    })
    await renderApp('/user-dash', { user: testUser({ fname: 'Lena' }) })
    await userEvent.type(screen.getByLabelText('Search by VIN, model or make'), 'soul')
    answer(
      jsonAnswer(200, {
        pendingRequests: [order('a', 'Ford', 'F-150', '1FTEW1EP0LFA00001')],
        inProgressRequests: [],
        fulfilledRequests: [{ ...order('c', 'Kia', 'Soul', 'KNDJN2A20L7000001'), status: 'FULFILLED', keycode: 'K1234' }],
      }),
    )
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Fulfilled (1)' })).toHaveAttribute('aria-selected', 'true'))
    expect(screen.getByText('2020 Kia Soul')).toBeInTheDocument()
  })

  it('says that nothing matches a search with no match, not that there are no orders yet', async () => {
    await renderDashboard()
    await screen.findByText('2020 Ford F-150')
    await userEvent.type(screen.getByLabelText('Search by VIN, model or make'), 'tesla')
    expect(screen.getByText('No orders match “tesla”.')).toBeInTheDocument()
    expect(screen.queryByText(/No orders here yet/)).not.toBeInTheDocument()
  })

  it('shows fulfilled orders with their keycode on the Fulfilled tab', async () => {
    await renderDashboard()
    await screen.findByText('2020 Ford F-150')
    await userEvent.click(screen.getByRole('tab', { name: 'Fulfilled' }))
    expect(screen.getByText('K1234')).toBeInTheDocument()
  })

  it('sets the tracker at the last step flagged true', () => {
    expect(progressPoint({ ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false })).toBe(1)
    expect(progressPoint({ ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false })).toBe(-1)
  })
  it('tracks the newest order by default and the order the member picks, lighting only the steps it reached', async () => {
    const calls = fakeApi({
      'GET /api/vehicle/user-requests': () =>
        jsonAnswer(200, {
          pendingRequests: [{ ...order('a', 'Ford', 'F-150', '1FTEW1EP0LFA00001'), createdAt: '2026-11-22T09:00:00.000Z' }],
          inProgressRequests: [],
          fulfilledRequests: [
            {
              ...order('c', 'Kia', 'Soul', 'KNDJN2A20L7000001'),
              status: 'FULFILLED',
              keycode: 'K1',
              createdAt: '2026-11-20T09:00:00.000Z',
            },
          ],
        }),
      'GET /api/vehicle/order-tracker': (call) =>
        jsonAnswer(
          200,
          new URL(call.url, 'http://localhost').searchParams.get('requestId') === 'c'
            ? { ACCOUNT: false, DOCS: false, PROCESSING: true, COMPLETED: true }
            : { ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false },
        ),
    })
    await renderApp('/user-dash', { user: testUser({ fname: 'Lena' }) })
    expect(await screen.findByText('Tracking: 2020 Ford F-150 (VIN ending 0001)')).toBeInTheDocument()
    expect(calls.some((call) => call.url.includes('order-tracker?requestId=a'))).toBe(true)
    await userEvent.click(screen.getByRole('tab', { name: 'Fulfilled' }))
    await userEvent.click(screen.getByRole('button', { name: 'Track this order' }))
    expect(await screen.findByText('Tracking: 2020 Kia Soul (VIN ending 0001)')).toBeInTheDocument()
    const steps = await screen.findByRole('list', { name: 'Order tracker for this order' })
    await vi.waitFor(() => expect(within(steps).getByText('Completed')).toHaveTextContent('(done)'))
    // Completed and Processing are lit; Account Verified and Documents Approved have not happened and stay dark.
    expect(within(steps).getByText('Account Verified')).toHaveTextContent('(not yet)')
    expect(within(steps).getByText('Account Verified').querySelector('[aria-hidden]')).toHaveClass('bg-slate-300')
    expect(within(steps).getByText('Completed').querySelector('[aria-hidden]')).toHaveClass('bg-brand-600')
  })

  it('sends only the changed fields of an edited request', () => {
    const changes = changedFields({ model: 'Civic', vin: '1HGCR2F31GA000000' }, { model: 'Civic', vin: '1hgcr2f31ga000777' }, {})
    expect([...changes.keys()]).toEqual(['vin'])
    expect(changes.get('vin')).toBe('1HGCR2F31GA000777')
  })

  it("shows 'Failed to update request.' when the change is refused", async () => {
    fakeApi({
      'GET /api/vehicle/user-requests': () =>
        jsonAnswer(200, {
          pendingRequests: [{ ...inCart('b', 'Honda', 'Civic', '1HGCR2F31GA000000'), year: 2016 }],
          inProgressRequests: [],
          fulfilledRequests: [],
        }),
      'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false }),
      'PUT /api/vehicle/update-request/b': () => jsonAnswer(409, { code: 'INVALID_TRANSITION', message: 'x', error: 'x' }),
    })
    await renderApp('/user-dash', { user: testUser() })
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    await userEvent.clear(screen.getByLabelText('Model'))
    await userEvent.type(screen.getByLabelText('Model'), 'Accord')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Failed to update request.')).toBeInTheDocument()
  })
})

describe('order cards say where each order stands', () => {
  it('offers Edit on a request still in the cart and none on a paid order, whose vehicle is frozen', async () => {
    fakeApi({
      'GET /api/vehicle/user-requests': () =>
        jsonAnswer(200, {
          pendingRequests: [order('p', 'Honda', 'Civic', '1HGCR2F31GA000000'), inCart('c', 'Ford', 'F-150', '1FTEW1EP0LFA00001')],
          inProgressRequests: [],
          fulfilledRequests: [],
          refundedRequests: [],
        }),
      'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }),
    })
    await renderApp('/user-dash', { user: testUser() })
    const paid = (await screen.findByText('1HGCR2F31GA000000')).closest('li') as HTMLElement
    const inCartCard = screen.getByText('1FTEW1EP0LFA00001').closest('li') as HTMLElement
    expect(within(paid).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
    expect(within(inCartCard).getByRole('button', { name: 'Edit' })).toBeInTheDocument()
  })

  async function renderOrders(pendingRequests: unknown[]) {
    const calls = fakeApi({
      'GET /api/vehicle/user-requests': () =>
        jsonAnswer(200, { pendingRequests, inProgressRequests: [], fulfilledRequests: [], refundedRequests: [] }),
      'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }),
    })
    await renderApp('/user-dash', { user: testUser({ fname: 'Lena' }) })
    return calls
  }

  it('shows a request still in the cart as "In cart: pay to submit" with a link to the cart, and nothing to track', async () => {
    await renderOrders([inCart('u', 'Honda', 'Civic', '1HGCR2F31GA000000')])
    await screen.findByText('2020 Honda Civic')
    const card = cardOf('2020 Honda Civic')
    expect(within(card).getByText('In cart: pay to submit')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart')
    expect(within(card).queryByRole('button', { name: 'Track this order' })).not.toBeInTheDocument()
    expect(within(card).queryByText('Confirmation number')).not.toBeInTheDocument()
  })

  it('shows no deadline once the code is delivered', async () => {
    await renderOrders([{ ...order('f', 'Honda', 'Civic', '1HGCR2F31GA000000'), keycode: 'K4821' }])
    await screen.findByText('2020 Honda Civic')
    expect(within(cardOf('2020 Honda Civic')).queryByText('Code due by')).not.toBeInTheDocument()
  })

  it('shows a paid order with its confirmation number, the price paid and when its code is due, in the local time', async () => {
    await renderOrders([{ ...order('p', 'Honda', 'Civic', '1HGCR2F31GA000000'), price: 36, keycodePrice: 36 }])
    await screen.findByText('2020 Honda Civic')
    const card = cardOf('2020 Honda Civic')
    expect(within(card).getByText('Confirmation number').nextElementSibling).toHaveTextContent('KD-P')
    expect(within(card).getByText('Price paid').nextElementSibling).toHaveTextContent('$36.00')
    const due = within(card).getByText('Code due by').nextElementSibling?.querySelector('time')
    expect(due).toHaveAttribute('dateTime', '2026-11-23T10:05:00.000Z')
    expect(due).toHaveTextContent(
      new Date('2026-11-23T10:05:00.000Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    )
    expect(within(card).queryByText('In cart: pay to submit')).not.toBeInTheDocument()
  })

  it('lights the tracker only for a paid order, never for a newer request still in the cart', async () => {
    const calls = await renderOrders([
      { ...inCart('u', 'Ford', 'F-150', '1FTEW1EP0LFA00001'), createdAt: '2026-11-23T09:00:00.000Z' },
      order('p', 'Honda', 'Civic', '1HGCR2F31GA000000'),
    ])
    expect(await screen.findByText('Tracking: 2020 Honda Civic (VIN ending 0000)')).toBeInTheDocument()
    expect(await screen.findByRole('list', { name: 'Order tracker for this order' })).toBeInTheDocument()
    const asked = calls.filter((call) => call.key === 'GET /api/vehicle/order-tracker').map((call) => call.url)
    expect(asked.every((url) => url.includes('requestId=p'))).toBe(true)
  })

  it('shows no tracker while every request is still in the cart', async () => {
    const calls = await renderOrders([inCart('u', 'Ford', 'F-150', '1FTEW1EP0LFA00001')])
    await screen.findByText('2020 Ford F-150')
    expect(screen.queryByText(/Tracking:/)).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: /Order tracker/ })).not.toBeInTheDocument()
    expect(calls.some((call) => call.key === 'GET /api/vehicle/order-tracker')).toBe(false)
  })
})

describe('user dashboard live status', () => {
  /** The dashboard with one Ford order whose status the test moves on, and the stream it opened. */
  async function renderLiveDashboard() {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
    const ford = { status: 'PENDING' }
    const calls = fakeApi({
      'GET /api/vehicle/user-requests': () => {
        const request = { ...order('a', 'Ford', 'F-150', '1FTEW1EP0LFA00001'), status: ford.status }
        return jsonAnswer(200, {
          pendingRequests: ford.status === 'PENDING' ? [request] : [],
          inProgressRequests: ford.status === 'INPROGRESS' ? [request] : [],
          fulfilledRequests: [],
        })
      },
      'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }),
    })
    await renderApp('/user-dash', { user: testUser({ fname: 'Lena' }) })
    await screen.findByText('2020 Ford F-150')
    const stream = FakeEventSource.instances.find((source) => source.url.endsWith('/api/vehicle/user-requests/stream'))
    if (!stream) throw new Error('the dashboard opened no status stream')
    const requestReads = () => calls.filter((call) => call.key === 'GET /api/vehicle/user-requests').length
    return { ford, stream, requestReads }
  }
  const countOf = (label: string) => screen.getAllByText(label)[0]?.nextElementSibling

  it('opens the status stream with credentials', async () => {
    const { stream } = await renderLiveDashboard()
    expect(stream.init).toEqual({ withCredentials: true })
  })

  it('moves an order to its new status as soon as the stream reports the change, without reload', async () => {
    const { ford, stream } = await renderLiveDashboard()
    expect(countOf('In Progress')).toHaveTextContent('0')
    ford.status = 'INPROGRESS'
    act(() => stream.emit('request-status', { requestId: 'a', status: 'INPROGRESS' }))
    await waitFor(() => expect(countOf('In Progress')).toHaveTextContent('1'))
    expect(countOf('Pending')).toHaveTextContent('0')
  })

  it('ignores stream errors and events it cannot read, keeping the page as it is', async () => {
    const { stream, requestReads } = await renderLiveDashboard()
    const readsBefore = requestReads()
    act(() => {
      stream.emitRaw('request-status', 'not json')
      stream.emit('request-status', { requestId: 'a', status: 'SHIPPED' })
      stream.emitRaw('error', '')
    })
    expect(requestReads()).toBe(readsBefore)
    expect(screen.getByText('2020 Ford F-150')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('bulk orders on the dashboard', () => {
  const batch = (index: number, released: number) => ({
    id: `9b2f7c1e-4d3a-4b5c-8e6f-${String(index).padStart(12, '0')}`,
    code: `B-7K2Q${String(index).padStart(2, '0')}`,
    createdAt: '2026-11-22T10:00:00.000Z',
    size: 20,
    paid: 20,
    inProgress: 3,
    released,
  })

  async function renderWithBatches(answer: (call: { url: string }) => Response) {
    const calls = fakeApi({
      'GET /api/vehicle/user-requests': () =>
        jsonAnswer(200, { pendingRequests: [], inProgressRequests: [], fulfilledRequests: [], refundedRequests: [] }),
      'GET /api/bulk/batches': answer,
    })
    await renderApp('/user-dash', { user: testUser() })
    return calls
  }

  it('shows how far each batch is, with the link to download its released codes', async () => {
    await renderWithBatches(() => jsonAnswer(200, { items: [batch(1, 2)], total: 1 }))
    const panel = await screen.findByRole('region', { name: 'Bulk orders' })
    expect(within(panel).getByText('2 of 20 released')).toBeInTheDocument()
    expect(within(panel).getByText('20 paid · 3 in progress')).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'Download codes (CSV)' })).toHaveAttribute(
      'href',
      `/api/bulk/batches/${batch(1, 2).id}/codes.csv`,
    )
  })

  it('moves a batch on as soon as the status stream reports a release', async () => {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
    const released = { count: 1 }
    await renderWithBatches(() => jsonAnswer(200, { items: [batch(1, released.count)], total: 1 }))
    const panel = await screen.findByRole('region', { name: 'Bulk orders' })
    await within(panel).findByText('1 of 20 released')
    released.count = 2
    const stream = FakeEventSource.instances.find((source) => source.url.endsWith('/api/vehicle/user-requests/stream'))
    act(() => stream?.emit('request-status', { requestId: 'a', status: 'FULFILLED' }))
    expect(await within(panel).findByText('2 of 20 released')).toBeInTheDocument()
  })

  it('offers no codes download for a batch with none released yet', async () => {
    await renderWithBatches(() => jsonAnswer(200, { items: [batch(1, 0)], total: 1 }))
    const panel = await screen.findByRole('region', { name: 'Bulk orders' })
    expect(within(panel).getByText('0 of 20 released')).toBeInTheDocument()
    expect(within(panel).queryByRole('link', { name: 'Download codes (CSV)' })).not.toBeInTheDocument()
  })

  it('shows no bulk panel to a member without batches', async () => {
    await renderWithBatches(() => jsonAnswer(200, { items: [], total: 0 }))
    await screen.findByText(/No orders here yet/)
    expect(screen.queryByRole('region', { name: 'Bulk orders' })).not.toBeInTheDocument()
  })

  it('pages through more than 10 batches with the API offset', async () => {
    const calls = await renderWithBatches((call) => {
      const offset = Number(new URL(call.url, 'http://localhost').searchParams.get('offset'))
      return jsonAnswer(200, { items: [batch(offset + 1, 0)], total: 12 })
    })
    const panel = await screen.findByRole('region', { name: 'Bulk orders' })
    await userEvent.click(within(panel).getByRole('button', { name: 'Next' }))
    expect(await within(panel).findByRole('link', { name: 'Show the orders of batch B-7K2Q11' })).toBeInTheDocument()
    expect(calls.at(-1)?.url).toContain('limit=10&offset=10')
  })

  it('links to the bulk order page', async () => {
    await renderWithBatches(() => jsonAnswer(200, { items: [], total: 0 }))
    expect(await screen.findByRole('link', { name: 'Order in bulk' })).toHaveAttribute('href', '/bulk-order')
  })
})

describe('a batch\u2019s orders on the dashboard', () => {
  const inBatch = (id: string, position: number, status = 'PENDING') => ({
    ...order(id, 'Honda', 'Civic', `1HGCR2F3XGA00000${position}`),
    status,
    keycode: status === 'FULFILLED' ? 'K1234' : null,
    batch: { code: 'B-7K2QX4', position, size: 3, released: 1, refunded: 0 },
  })

  async function renderBatchOrders(path = '/user-dash') {
    fakeApi({
      'GET /api/vehicle/user-requests': () =>
        jsonAnswer(200, {
          pendingRequests: [inBatch('b2', 2), order('a', 'Ford', 'F-150', '1FTEW1EP0LFA00001'), inBatch('b3', 3)],
          inProgressRequests: [],
          fulfilledRequests: [inBatch('b1', 1, 'FULFILLED')],
          refundedRequests: [],
        }),
      'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }),
      'GET /api/bulk/batches': () => jsonAnswer(200, { items: [], total: 0 }),
    })
    await renderApp(path, { user: testUser() })
  }

  it('groups a batch\u2019s orders under its code and progress, each card naming its place', async () => {
    await renderBatchOrders()
    const group = await screen.findByRole('region', { name: 'Batch B-7K2QX4' })
    expect(within(group).getByRole('heading', { level: 3 })).toHaveTextContent('Batch B-7K2QX4 · 1 of 3 released')
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((card) => within(card).getByText(/ of 3, batch/).textContent),
    ).toEqual(['2 of 3, batch B-7K2QX4', '3 of 3, batch B-7K2QX4'])
    expect(within(group).queryByText('2020 Ford F-150')).not.toBeInTheDocument()
    expect(screen.getByText('2020 Ford F-150')).toBeInTheDocument()
  })

  it('shows one batch\u2019s orders alone when it is chosen, with its progress at the top, and all again on request', async () => {
    await renderBatchOrders()
    await userEvent.selectOptions(await screen.findByLabelText('Bulk batch'), 'B-7K2QX4')
    expect(screen.getByRole('heading', { level: 2, name: /Batch B-7K2QX4/ })).toHaveTextContent('1 of 3 released')
    expect(screen.queryByText('2020 Ford F-150')).not.toBeInTheDocument()
    expect(screen.getAllByText(/ of 3, batch B-7K2QX4/)).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Show all orders' }))
    expect(screen.getByText('2020 Ford F-150')).toBeInTheDocument()
  })

  it('opens on the batch a link names, as the batch-done mail links it', async () => {
    await renderBatchOrders('/user-dash?batch=b-7k2qx4')
    expect(await screen.findByRole('heading', { level: 2, name: /Batch B-7K2QX4/ })).toBeInTheDocument()
    expect(screen.getByLabelText('Bulk batch')).toHaveValue('B-7K2QX4')
    expect(screen.queryByText('2020 Ford F-150')).not.toBeInTheDocument()
  })
})
