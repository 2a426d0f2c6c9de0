import { CREDENTIAL_LABELS } from '@keydesk/contracts/credentials'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { OrderTracker } from './order-tracker.tsx'

const on = (review: 'PENDING' | 'REJECTED') => ({ name: 'file.pdf', uploadDate: '2026-11-01T00:00:00.000Z', review })
const waitingOnDocs = { ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false }

describe('the order tracker says who the order waits on', () => {
  it('tells the member it is their turn, which document to send again and where', () => {
    const credentials = {
      businessLicense: on('PENDING'),
      driversLicenseFront: on('REJECTED'),
      driversLicenseBack: on('PENDING'),
      insuranceCertificate: on('PENDING'),
      identificationDocuments: [],
    }
    render(
      <MemoryRouter>
        <OrderTracker tracker={waitingOnDocs} credentials={credentials} />
      </MemoryRouter>,
    )
    expect(
      screen.getByText(`Your turn: send a new ${CREDENTIAL_LABELS.driversLicenseFront} in Profile › Credentials.`, { exact: false }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open Credentials' })).toHaveAttribute('href', '/profile?tab=credentials')
  })

  it('says there is nothing for the member to do while our team works', () => {
    render(
      <MemoryRouter>
        <OrderTracker tracker={{ ACCOUNT: true, DOCS: true, PROCESSING: true, COMPLETED: false }} />
      </MemoryRouter>,
    )
    expect(screen.getByText('Nothing for you to do: our team is looking up your keycode.', { exact: false })).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
