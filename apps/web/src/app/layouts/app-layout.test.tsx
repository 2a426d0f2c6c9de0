import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../testing/render-app.tsx'

describe('app shell', () => {
  it('shows the footer tagline of spec 1', () => {
    renderApp('/')
    expect(screen.getByText('Professional vehicle keycode lookup services.')).toBeInTheDocument()
  })

  it('shows home for an unknown path', () => {
    renderApp('/no/such/page')
    expect(screen.getByRole('heading', { level: 1, name: /Vehicle keycodes from the VIN/ })).toBeInTheDocument()
  })
})
