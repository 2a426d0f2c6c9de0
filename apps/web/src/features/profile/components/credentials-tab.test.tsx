import { CREDENTIAL_MESSAGES } from '@keydesk/contracts/credentials'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { expectResultFocused } from '../../../test/focus.ts'
import { CredentialsTab } from './credentials-tab.tsx'

const empty = {
  businessLicense: null,
  driversLicenseFront: null,
  driversLicenseBack: null,
  insuranceCertificate: null,
  identificationDocuments: [],
}
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' })

afterEach(() => vi.unstubAllGlobals())

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <CredentialsTab />
    </QueryClientProvider>,
  )
}

describe('credentials tab', () => {
  it('asks for at least one document without calling the server', async () => {
    const calls = fakeApi({ 'GET /api/user/credentials': () => jsonAnswer(200, empty) })
    renderTab()
    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }))
    expect(await screen.findByText('Please select at least one document to upload.')).toBeInTheDocument()
    expect(calls.map((call) => call.key)).toEqual(['GET /api/user/credentials'])
  })

  it('needs both sides of the government photo ID together', async () => {
    fakeApi({ 'GET /api/user/credentials': () => jsonAnswer(200, empty) })
    renderTab()
    await userEvent.upload(screen.getByLabelText('Government photo ID (front)'), pdf('front.pdf'))
    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }))
    expect(await screen.findByText(CREDENTIAL_MESSAGES.licenseNeedsBothSides)).toBeInTheDocument()
  })

  it('uploads the chosen documents and shows the success text', async () => {
    const calls = fakeApi({
      'GET /api/user/credentials': () => jsonAnswer(200, empty),
      'PUT /api/user/credentials': () =>
        jsonAnswer(200, {
          ...empty,
          businessLicense: { name: 'license.pdf', uploadDate: '2026-01-01T00:00:00.000Z', review: 'PENDING' },
          identificationDocuments: [{ name: 'license.pdf', uploadDate: '2026-01-01T00:00:00.000Z', review: 'PENDING' }],
        }),
      'GET /api/user/notices': () => jsonAnswer(200, []),
    })
    renderTab()
    await userEvent.upload(screen.getByLabelText('Business document'), pdf('license.pdf'))
    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }))
    expect(await screen.findByText(PROFILE_MESSAGES.documentsUploaded)).toBeInTheDocument()
    await expectResultFocused(PROFILE_MESSAGES.documentsUploaded)
    const sent = calls.find((call) => call.key === 'PUT /api/user/credentials')?.body as FormData
    expect((sent.get('businessLicense') as File).name).toBe('license.pdf')
    expect(await screen.findByText(/Pending review/)).toBeInTheDocument()
  })

  it('shows the failure text when the upload is refused', async () => {
    fakeApi({
      'GET /api/user/credentials': () => jsonAnswer(200, empty),
      'PUT /api/user/credentials': () => jsonAnswer(400, { code: 'VALIDATION_ERROR', message: 'x', error: 'x' }),
    })
    renderTab()
    await userEvent.upload(screen.getByLabelText('Certificate of insurance'), pdf('coi.pdf'))
    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }))
    expect(await screen.findByText(PROFILE_MESSAGES.credentialsUploadFailed)).toBeInTheDocument()
  })
})
