import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '../router.tsx'

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />)
}

describe('app shell', () => {
  it('shows the footer tagline of spec 1', () => {
    renderAt('/')
    expect(screen.getByText('Professional vehicle keycode lookup services.')).toBeInTheDocument()
  })

  it('offers visitors pricing, sign up and login', () => {
    renderAt('/')
    const main = screen.getByRole('navigation', { name: 'Main' })
    expect(main).toHaveTextContent('Pricing')
    expect(main).toHaveTextContent('Sign up')
    expect(main).toHaveTextContent('Login')
  })

  it('shows home for an unknown path', () => {
    renderAt('/no/such/page')
    expect(screen.getByRole('heading', { level: 1, name: /Vehicle keycodes from the VIN/ })).toBeInTheDocument()
  })
})
