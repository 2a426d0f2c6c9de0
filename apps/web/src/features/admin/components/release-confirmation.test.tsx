import type { AdminRequest } from '@keydesk/contracts/admin'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ReleaseConfirmation } from './release-confirmation.tsx'

const release = {
  request: { year: 2020, make: 'Ford', model: 'F-150', vin: '1FTEW1EP0LFA00001' } as AdminRequest,
  text: 'Released K4512 for KD-Y9E8U5GSWZ: mail queued to owner@example.com',
}

describe('release confirmation', () => {
  it('moves to the next order with the N key', async () => {
    const onNext = vi.fn()
    render(<ReleaseConfirmation release={release} onNext={onNext} />)
    await userEvent.keyboard('n')
    expect(onNext).toHaveBeenCalledTimes(1)
  })

  it('leaves the N key to a dialog open above the panel, such as an enlarged document', async () => {
    const onNext = vi.fn()
    render(
      <>
        <ReleaseConfirmation release={release} onNext={onNext} />
        <dialog open aria-label="Government photo ID (front)" />
      </>,
    )
    await userEvent.keyboard('n')
    expect(onNext).not.toHaveBeenCalled()
    expect(screen.getByRole('region', { name: 'Keycode released' })).toBeInTheDocument()
  })
})
