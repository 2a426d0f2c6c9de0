import { BULK_MESSAGES, BULK_QUOTE_FROM_ROWS, BULK_TEXT_MAX, type BulkCheckAnswer, type CheckedBulkRow } from '@keydesk/contracts/bulk'
import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import { checkVin } from '@keydesk/contracts/vin'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError } from '../../../test/expect-field-error.ts'
import { type FakeAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testTrialStatus } from '../../../test/test-trial-status.ts'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const HONDA_VIN = '1HGCR2F31GA000000'
const TYPO_VIN = '1HGCR2F39GA000000'
// The API's own words for a mistyped VIN.
const CHECK_DIGIT = checkVin(TYPO_VIN)?.message ?? ''

const memberOf = (tier: SubscriptionTier) =>
  testUser({ subscription: { tier, status: tier === 'NONE' ? 'INACTIVE' : 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })

/** A row as POST /bulk/check answers it: a sound 2016 Honda Civic unless the test says otherwise. */
const checkedRow = (overrides: Partial<CheckedBulkRow> = {}): CheckedBulkRow => ({
  vin: HONDA_VIN,
  make: 'Honda',
  model: 'Civic',
  year: 2016,
  reference: '',
  makeOptions: ['Honda'],
  modelOptions: ['Accord', 'Civic'],
  problems: [],
  typed: { vin: overrides.vin ?? HONDA_VIN, model: 'Civic' },
  ...overrides,
})

const answerOf = (rows: CheckedBulkRow[], overrides: Partial<BulkCheckAnswer> = {}): BulkCheckAnswer => ({
  rows,
  rowLimit: 20,
  problem: null,
  ...overrides,
})

const typoRow = checkedRow({
  vin: TYPO_VIN,
  make: null,
  model: null,
  year: null,
  makeOptions: ['Ford', 'Honda'],
  modelOptions: [],
  problems: [{ field: 'vin', message: CHECK_DIGIT }],
})

const vinOf = (index: number) => `1HGCR2F3XGA${String(index).padStart(6, '0')}`

async function openAs(tier: SubscriptionTier, answers: Record<string, FakeAnswer>) {
  const calls = fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()), ...answers })
  await renderApp('/bulk-order', { user: memberOf(tier) })
  return calls
}

async function paste(text: string) {
  await userEvent.click(await screen.findByLabelText('Paste VINs'))
  await userEvent.paste(text)
  await userEvent.click(screen.getByRole('button', { name: 'Check' }))
}

describe('bulk order page', () => {
  it('tells a Basic member what bulk ordering needs and links to the plans, without the form', async () => {
    await openAs('BASIC', {})
    expect(await screen.findByText(BULK_MESSAGES.notAllowed)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscriptions')
    expect(screen.queryByLabelText('Paste VINs')).not.toBeInTheDocument()
  })

  it('offers the template as a CSV download with the columns the check reads', async () => {
    await openAs('PROFESSIONAL', {})
    const template = await screen.findByRole('link', { name: 'Download the template' })
    expect(template).toHaveAttribute('download', 'keydesk-bulk-template.csv')
    const csv = decodeURIComponent(template.getAttribute('href')?.replace('data:text/csv;charset=utf-8,', '') ?? '')
    expect(csv.split('\r\n')[0]).toBe('VIN,Make,Model,Year,Reference')
  })

  it('shows the pasted rows in a table with each problem beside its field', async () => {
    const calls = await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': () => jsonAnswer(200, answerOf([checkedRow(), typoRow])),
    })
    await paste(`${HONDA_VIN}\n${TYPO_VIN}`)
    expect(await screen.findByLabelText('VIN, row 2')).toHaveValue(TYPO_VIN)
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/bulk/check')?.body))).toEqual({
      text: `${HONDA_VIN}\n${TYPO_VIN}`,
    })
    expectFieldError('VIN, row 2', CHECK_DIGIT)
    expect(screen.getByLabelText('VIN, row 1')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Model, row 1')).toHaveValue('Civic')
    expect(screen.getByText(BULK_MESSAGES.fixRows(1))).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add 2 to cart' })).toBeDisabled()
  })

  it('sends a chosen CSV file as its text', async () => {
    const csv = `VIN,Model\r\n${HONDA_VIN},Civic\r\n`
    const calls = await openAs('PROFESSIONAL', { 'POST /api/bulk/check': () => jsonAnswer(200, answerOf([checkedRow()])) })
    await userEvent.upload(await screen.findByLabelText('Or choose a CSV file'), new File([csv], 'batch.csv', { type: 'text/csv' }))
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    await screen.findByLabelText('VIN, row 1')
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/bulk/check')?.body))).toEqual({ text: csv })
  })

  it('refuses a file longer than the check accepts without sending it, saying so', async () => {
    const calls = await openAs('ENTERPRISE', {})
    const csv = `VIN,Reference\r\n${`${HONDA_VIN},${'r'.repeat(100)}\r\n`.repeat(Math.ceil(BULK_TEXT_MAX / 120))}`
    await userEvent.upload(await screen.findByLabelText('Or choose a CSV file'), new File([csv], 'batch.csv', { type: 'text/csv' }))
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText(BULK_MESSAGES.textTooLong)).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/bulk/check')).toBe(false)
  })

  it('checks the rows again when a row is fixed, keeping the model its file gave, and then enables Add', async () => {
    const fixedVin = '1HGCR2F34GA000001'
    const calls = await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': (call) => {
        const body = JSON.parse(String(call.body))
        if ('text' in body) return jsonAnswer(200, answerOf([checkedRow(), typoRow]))
        return jsonAnswer(200, answerOf([checkedRow(), checkedRow({ vin: fixedVin, model: null, problems: [] })]))
      },
    })
    await paste(`${HONDA_VIN}\n${TYPO_VIN}`)
    const vin = await screen.findByLabelText('VIN, row 2')
    await userEvent.clear(vin)
    await userEvent.type(vin, fixedVin)
    const add = screen.getByRole('button', { name: 'Add 2 to cart' })
    await vi.waitFor(() => expect(add).toBeEnabled())
    expect(screen.getByLabelText('Model, row 2')).toHaveValue('Civic')
    const rechecks = calls.filter((call) => call.key === 'POST /api/bulk/check').slice(1)
    expect(JSON.parse(String(rechecks.at(-1)?.body)).rows[1]).toMatchObject({ vin: fixedVin, model: 'Civic' })
    expect(screen.queryByText(BULK_MESSAGES.fixRows(1))).not.toBeInTheDocument()
  })

  it('adds the checked rows to the cart and reports the message with a way to the cart', async () => {
    const message = BULK_MESSAGES.added(2, 'B-7K2Q4M')
    const calls = await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': () => jsonAnswer(200, answerOf([checkedRow(), checkedRow({ vin: '1HGCR2F34GA000001' })])),
      'POST /api/bulk/batches': () =>
        jsonAnswer(201, { message, batch: { id: '9b2f7c1e-4d3a-4b5c-8e6f-7a8b9c0d1e2f', code: 'B-7K2Q4M', size: 2 } }),
    })
    await paste(`${HONDA_VIN}\n1HGCR2F34GA000001`)
    await userEvent.click(await screen.findByRole('button', { name: 'Add 2 to cart' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/bulk/batches')?.body))).toEqual({
      rows: [
        { vin: HONDA_VIN, make: 'Honda', model: 'Civic', year: '2016', reference: '' },
        { vin: '1HGCR2F34GA000001', make: 'Honda', model: 'Civic', year: '2016', reference: '' },
      ],
    })
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart')
    expect(screen.getByText(message).closest('[tabindex="-1"]')).toHaveFocus()
  })

  it('marks the rows a refused batch names, each problem on its field', async () => {
    const open = BULK_MESSAGES.duplicateOpen
    await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': () => jsonAnswer(200, answerOf([checkedRow(), checkedRow({ vin: '1HGCR2F34GA000001' })])),
      'POST /api/bulk/batches': () =>
        jsonAnswer(400, {
          code: 'VALIDATION_ERROR',
          message: BULK_MESSAGES.fixRows(1),
          error: BULK_MESSAGES.fixRows(1),
          details: [{ field: 'rows.1.vin', message: open }],
        }),
    })
    await paste(`${HONDA_VIN}\n1HGCR2F34GA000001`)
    await userEvent.click(await screen.findByRole('button', { name: 'Add 2 to cart' }))
    await screen.findByRole('alert')
    expectFieldError('VIN, row 2', open)
    expect(screen.getByLabelText('VIN, row 1')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByRole('button', { name: 'Add 2 to cart' })).toBeDisabled()
  })

  it('removes a row, checks the others again and moves the focus to the row that took its place', async () => {
    const second = '1HGCR2F34GA000001'
    const calls = await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': (call) => {
        const body = JSON.parse(String(call.body))
        if ('text' in body) return jsonAnswer(200, answerOf([typoRow, checkedRow({ vin: second })]))
        return jsonAnswer(200, answerOf([checkedRow({ vin: second })]))
      },
    })
    await paste(`${TYPO_VIN}\n${second}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove row 1' }))
    expect(screen.getByLabelText('VIN, row 1')).toHaveValue(second)
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toHaveFocus()
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Add 1 to cart' })).toBeEnabled())
    const recheck = calls.filter((call) => call.key === 'POST /api/bulk/check').at(-1)
    expect(JSON.parse(String(recheck?.body)).rows.map((row: { vin: string }) => row.vin)).toEqual([second])
  })

  it('keeps what the member typed when an older check answers after it', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let rechecks = 0
    await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': async (call) => {
        const body = JSON.parse(String(call.body))
        if ('text' in body) return jsonAnswer(200, answerOf([checkedRow({ reference: '' })]))
        rechecks++
        // The first re-check answers last, with the reference as it was then.
        if (rechecks === 1) await held
        return jsonAnswer(200, answerOf([checkedRow({ reference: body.rows[0].reference })]))
      },
    })
    await paste(HONDA_VIN)
    const reference = await screen.findByLabelText('Reference, row 1')
    await userEvent.type(reference, 'Lot 4')
    await vi.waitFor(() => expect(rechecks).toBe(1))
    await userEvent.type(reference, ' row B')
    await vi.waitFor(() => expect(rechecks).toBe(2))
    release()
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Add 1 to cart' })).toBeEnabled())
    expect(reference).toHaveValue('Lot 4 row B')
  })

  it('shows a long batch a page at a time, and only the rows with problems when asked', async () => {
    const rows = Array.from({ length: 60 }, (_, index) =>
      index === 54 ? { ...typoRow, vin: vinOf(index) } : checkedRow({ vin: vinOf(index) }),
    )
    await openAs('ENTERPRISE', { 'POST /api/bulk/check': () => jsonAnswer(200, answerOf(rows, { rowLimit: 1000 })) })
    await paste(rows.map((row) => row.vin).join('\n'))
    await screen.findByLabelText('VIN, row 50')
    expect(screen.queryByLabelText('VIN, row 51')).not.toBeInTheDocument()
    await userEvent.click(screen.getByLabelText('Show only rows with problems'))
    expect(screen.getByLabelText('VIN, row 55')).toHaveValue(vinOf(54))
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2)
  })

  it(`offers a custom quote from ${BULK_QUOTE_FROM_ROWS} rows and sends it with the message`, async () => {
    const rows = Array.from({ length: 120 }, (_, index) => checkedRow({ vin: vinOf(index) }))
    const sent = BULK_MESSAGES.quoteSent(120)
    const calls = await openAs('ENTERPRISE', {
      'POST /api/bulk/check': () => jsonAnswer(200, answerOf(rows, { rowLimit: 1000 })),
      'POST /api/bulk/quote': () => jsonAnswer(201, { message: sent }),
    })
    await paste(rows.map((row) => row.vin).join('\n'))
    const quote = await screen.findByRole('region', { name: 'Custom quote' })
    expect(within(quote).getByText(/\$0\.50 a request: \$60\.00 for these 120/)).toBeInTheDocument()
    await userEvent.type(within(quote).getByLabelText('Message to support (optional)'), 'Dealer lot in Tulsa')
    await userEvent.click(within(quote).getByRole('button', { name: 'Request a custom quote' }))
    expect(await within(quote).findByText(sent)).toBeInTheDocument()
    const body = JSON.parse(String(calls.find((call) => call.key === 'POST /api/bulk/quote')?.body))
    expect(body.message).toBe('Dealer lot in Tulsa')
    expect(body.rows).toHaveLength(120)
  })

  it('does not offer a custom quote below 100 rows', async () => {
    await openAs('PROFESSIONAL', { 'POST /api/bulk/check': () => jsonAnswer(200, answerOf([checkedRow()])) })
    await paste(HONDA_VIN)
    await screen.findByLabelText('VIN, row 1')
    expect(screen.queryByRole('region', { name: 'Custom quote' })).not.toBeInTheDocument()
  })
})
