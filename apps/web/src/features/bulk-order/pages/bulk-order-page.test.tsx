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
    expect(within(quote).getByText(/not an order: .* \$0\.50 a request, \$60\.00 for these 120/)).toBeInTheDocument()
    expect(within(quote).getByText(/nothing goes to your cart and nothing is charged/)).toBeInTheDocument()
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

  it('shows each row\u2019s price with its rule and the batch total, as the check priced them', async () => {
    const priced = (vin: string, chargeCents: number) =>
      checkedRow({ vin, price: { chargeCents, amountCents: 4500, discountPercent: 20, note: 'Member price. 20% plan discount' } })
    await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': () =>
        jsonAnswer(200, answerOf([priced(HONDA_VIN, 3600), priced(vinOf(1), 3600)], { total: { chargeCents: 7200, pricedRows: 2 } })),
    })
    await paste(`${HONDA_VIN}\n${vinOf(1)}`)
    const table = await screen.findByRole('table')
    expect(within(table).getAllByText('$36.00')).toHaveLength(2)
    expect(within(table).getAllByText('Member price. 20% plan discount')).toHaveLength(2)
    expect(screen.getByText('Batch total', { exact: false })).toHaveTextContent('Batch total: $72.00')
  })

  it('totals only the priced rows and says how many wait for their make', async () => {
    const unpriced = checkedRow({ vin: vinOf(2), make: null, price: null })
    await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': () =>
        jsonAnswer(
          200,
          answerOf([checkedRow({ price: { chargeCents: 3600, amountCents: 4500, discountPercent: 20, note: 'Member price' } }), unpriced], {
            total: { chargeCents: 3600, pricedRows: 1 },
          }),
        ),
    })
    await paste(`${HONDA_VIN}\n${vinOf(2)}`)
    expect(await screen.findByTestId('bulk-total')).toHaveTextContent('$36.00')
    expect(screen.getByText(/Total of the 1 priced row/)).toBeInTheDocument()
    expect(screen.getByText(/1 row has no price until its make is chosen/)).toBeInTheDocument()
    expect(screen.getByText('Once the make is known')).toBeInTheDocument()
  })

  it('says a model the check proposed is the catalogue\u2019s only one for that make and year', async () => {
    const lincoln = checkedRow({ make: 'Lincoln', model: 'Navigator', modelOptions: ['Navigator'], proposedModel: 'Navigator' })
    await openAs('PROFESSIONAL', { 'POST /api/bulk/check': () => jsonAnswer(200, answerOf([lincoln])) })
    await paste(HONDA_VIN)
    expect(await screen.findByLabelText('Model, row 1')).toHaveValue('Navigator')
    expect(screen.getByText('The catalogue\u2019s only model of this make and year')).toBeInTheDocument()
  })

  it('applies a row\u2019s model to every other row of its make and year with one keyboard action, and checks again', async () => {
    const civicLess = (vin: string) =>
      checkedRow({ vin, model: null, typed: { vin }, problems: [{ field: 'model', message: BULK_MESSAGES.modelNeeded }] })
    const ford = checkedRow({ vin: vinOf(9), make: 'Ford', model: null, typed: { vin: vinOf(9) }, modelOptions: ['F-150', 'Ranger'] })
    const calls = await openAs('PROFESSIONAL', {
      'POST /api/bulk/check': (call) => {
        const body = JSON.parse(String(call.body))
        if ('text' in body) return jsonAnswer(200, answerOf([checkedRow(), civicLess(vinOf(1)), civicLess(vinOf(2)), ford]))
        return jsonAnswer(
          200,
          answerOf(body.rows.map((row: { vin: string; model: string }) => checkedRow({ vin: row.vin, model: row.model || null }))),
        )
      },
    })
    await paste([HONDA_VIN, vinOf(1), vinOf(2), vinOf(9)].join('\n'))
    const apply = await screen.findByRole('button', { name: 'Use Civic for all 2 other 2016 Honda rows' })
    apply.focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByLabelText('Model, row 2')).toHaveValue('Civic')
    expect(screen.getByLabelText('Model, row 3')).toHaveValue('Civic')
    expect(screen.getByLabelText('Model, row 4')).toHaveValue('')
    expect(screen.getByLabelText('Model, row 1')).toHaveFocus()
    expect(screen.queryByRole('button', { name: /^Use Civic/ })).not.toBeInTheDocument()
    await vi.waitFor(() => expect(calls.filter((call) => call.key === 'POST /api/bulk/check')).toHaveLength(2))
    const recheck = JSON.parse(String(calls.filter((call) => call.key === 'POST /api/bulk/check').at(-1)?.body))
    expect(recheck.rows.map((row: { model: string }) => row.model)).toEqual(['Civic', 'Civic', 'Civic', ''])
  })
})
