import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../app/testing/render-app.tsx'

describe('membership page (spec 2.5)', () => {
  it('shows four tier cards with monthly prices, and annual prices after the toggle', async () => {
    renderApp('/membership')
    expect(screen.getAllByRole('listitem').filter((item) => item.querySelector('h2'))).toHaveLength(4)
    expect(screen.getByText('$24.99')).toBeInTheDocument()
    expect(screen.getByText('Save 20%')).toBeInTheDocument()
    await userEvent.click(screen.getByLabelText('Annual'))
    expect(screen.getByText('$149.00')).toBeInTheDocument()
    expect(screen.getAllByText('+ $49.00 setup fee').length).toBeGreaterThan(0)
  })

  it('sends a visitor who chooses a plan to /login', async () => {
    const { router } = renderApp('/subscriptions')
    const professional = screen.getByRole('heading', { name: 'Professional' }).closest('li') as HTMLElement
    await userEvent.click(within(professional).getByRole('button', { name: 'Choose Professional' }))
    expect(router.state.location.pathname).toBe('/login')
  })

  it('states the trial has no automatic charge', () => {
    renderApp('/trial-details')
    expect(screen.getByText('no automatic charge')).toBeInTheDocument()
  })
})
