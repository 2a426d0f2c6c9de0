import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render-app.tsx'

describe('policy pages (docs/product.md, "Screens and routes (web)")', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Usage'],
    ['/refund-policy', 'Refund Policy'],
  ])('%s shows today as the last update', async (path, title) => {
    await renderApp(path)
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    expect(screen.getByText(`Last updated: ${today}`)).toBeInTheDocument()
  })

  it('states the refund timeline of docs/product.md, "Policies shown on the static pages"', async () => {
    await renderApp('/refund-policy')
    expect(screen.getByText(/10-18 business days in total/)).toBeInTheDocument()
  })

  it('states the annual-plan refund rule of docs/product.md, "Policies shown on the static pages"', async () => {
    await renderApp('/membership-cancellation')
    expect(screen.getByText(/less a \$5 processing fee, with a minimum refund of \$10/)).toBeInTheDocument()
  })

  it.each([
    ['/about', 'About Keydesk'],
    ['/services', 'Services'],
    ['/tos', 'Terms of Service'],
  ])('%s renders its page', async (path, title) => {
    await renderApp(path)
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })
})
