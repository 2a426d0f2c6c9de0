import { JOB_MESSAGES } from '@keydesk/contracts/jobs'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { expectResultFocused } from '../../../test/focus.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const REQUEST_ID = '22222222-2222-4222-8222-222222222222'
const job = {
  requestId: REQUEST_ID,
  customerName: 'Dana Whitfield',
  customerPhone: '+1 416 555 0142',
  jobAddress: '12 King St W, Toronto',
  plate: 'CBKR 447',
  notes: 'Lost both keys.',
  updatedAt: '2026-11-20T15:00:00.000Z',
  order: {
    year: 2016,
    make: 'Honda',
    model: 'Civic',
    vin: '1HGCR2F30GA100000',
    status: 'FULFILLED',
    paid: true,
    confirmationNumber: 'KD-ABCDEFGHJK',
    keyBlank: 'HON66',
    transponder: 'ID47',
  },
}

function openJobs(jobs: unknown[] = [job]) {
  const calls = fakeApi({
    'GET /api/user/jobs': () => jsonAnswer(200, { jobs, total: jobs.length, page: 1, pageSize: 25 }),
    [`GET /api/vehicle/requests/${REQUEST_ID}/job`]: () => jsonAnswer(200, job),
    [`PUT /api/vehicle/requests/${REQUEST_ID}/job`]: (call) => jsonAnswer(200, { ...job, ...JSON.parse(String(call.body)) }),
  })
  return { calls, rendered: renderApp('/jobs', { user: testUser() }) }
}

describe('the Jobs page (docs/decisions/036)', () => {
  it('lists each job with its customer, vehicle, order and key type', async () => {
    openJobs()
    const card = (await screen.findByRole('heading', { name: 'Dana Whitfield' })).closest('li') as HTMLElement
    expect(card).toHaveTextContent('+1 416 555 0142 · 12 King St W, Toronto · Plate CBKR 447')
    expect(card).toHaveTextContent('2016 Honda Civic')
    expect(card).toHaveTextContent('KD-ABCDEFGHJK · Key blank HON66 · Transponder ID47')
    expect(within(card).getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', `/user-dash?order=${REQUEST_ID}`)
  })

  it('sends the search term and says when nothing matches', async () => {
    const { calls } = openJobs([])
    await userEvent.type(await screen.findByLabelText('Customer name, phone, plate, VIN or confirmation number'), '555-0142')
    await userEvent.click(screen.getByRole('button', { name: 'Find' }))
    expect(await screen.findByText('No job matches "555-0142".')).toBeInTheDocument()
    expect(calls.some((call) => call.url.includes('search=555-0142'))).toBe(true)
  })

  it('edits a job in a dialog, refusing a phone it could not search before sending anything', async () => {
    const { calls } = openJobs()
    await userEvent.click(await screen.findByRole('button', { name: 'Edit job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Job: 2016 Honda Civic' })
    const phone = await within(dialog).findByLabelText('Customer phone')
    await userEvent.clear(phone)
    await userEvent.type(phone, 'call the shop')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save job' }))
    expect(await within(dialog).findByText(JOB_MESSAGES.phoneInvalid)).toBeInTheDocument()
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false)

    await userEvent.clear(phone)
    await userEvent.type(phone, '416-555-0199')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save job' }))
    await expectResultFocused(JOB_MESSAGES.saved)
    const sent = JSON.parse(String(calls.find((call) => call.key.startsWith('PUT'))?.body))
    expect(sent).toMatchObject({ customerPhone: '416-555-0199', customerName: 'Dana Whitfield' })
  })
})
