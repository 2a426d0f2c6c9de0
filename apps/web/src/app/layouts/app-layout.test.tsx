import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'

// Pages behind these routes load their data; answer every call with a 404 instead of the network.
beforeEach(() => {
  fakeApi({})
})
afterEach(() => vi.unstubAllGlobals())

describe('app shell', () => {
  it('shows the footer tagline of docs/product.md, "Overview and roles"', async () => {
    await renderApp('/')
    expect(screen.getByText('Professional vehicle keycode lookup services.')).toBeInTheDocument()
  })

  it('shows home for an unknown path', async () => {
    await renderApp('/no/such/page')
    expect(screen.getByRole('heading', { level: 1, name: /Vehicle keycodes from the VIN/ })).toBeInTheDocument()
  })

  it('opens a page reached by a link at its top, with focus on its heading', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    const { router } = await renderApp('/')
    await router.navigate('/pricing')
    const heading = await screen.findByRole('heading', { level: 1, name: /Keycode pricing/ })
    await vi.waitFor(() => expect(heading).toHaveFocus())
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
  })

  it('leaves focus alone on the first load', async () => {
    await renderApp('/pricing')
    const heading = await screen.findByRole('heading', { level: 1, name: /Keycode pricing/ })
    expect(heading).not.toHaveFocus()
  })
})
