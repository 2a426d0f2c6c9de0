import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { testUser } from '../../test/test-user.ts'

function mainLinks(): string[] {
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')
}

// Pages behind these routes load their data; answer every call with a 404 instead of the network.
beforeEach(() => {
  fakeApi({})
})
afterEach(() => vi.unstubAllGlobals())

describe('header navigation by role (docs/product.md, "Screens and routes (web)")', () => {
  it('offers visitors pricing, sign up and login', async () => {
    await renderApp('/')
    expect(mainLinks()).toEqual(['Pricing', 'Sign up', 'Login'])
  })

  it('offers a business user home, pricing, request keycode, bulk order, subscriptions, dashboard, profile and cart', async () => {
    await renderApp('/', { user: testUser({ role: 'BASEUSER' }) })
    expect(mainLinks()).toEqual([
      'Home',
      'Pricing',
      'Request Keycode',
      'Bulk order',
      'Team',
      'Subscriptions',
      'Dashboard',
      'Profile',
      'Cart',
    ])
  })

  it('offers an admin the admin screens and the keycode portals', async () => {
    await renderApp('/', { user: testUser({ role: 'ADMIN' }) })
    expect(mainLinks()).toEqual([
      'Home',
      'Pricing',
      'Admin Dashboard',
      'Registered Users',
      'Document Validation',
      'User History',
      'Keycode Portals',
    ])
  })

  it('offers a super admin the admin list plus the super admin dashboard', async () => {
    await renderApp('/', { user: testUser({ role: 'SUPER_ADMIN' }) })
    expect(mainLinks()).toEqual([
      'Home',
      'Pricing',
      'Admin Dashboard',
      'Registered Users',
      'Document Validation',
      'User History',
      'Keycode Portals',
      'Super Admin',
    ])
  })

  it("shows the signed-in user's name", async () => {
    await renderApp('/', { user: testUser({ fname: 'Dana', lname: 'Locke' }) })
    expect(screen.getByText('Dana Locke')).toBeInTheDocument()
  })
})

function openPanel(): HTMLElement {
  const id = screen.getByRole('button', { name: /menu/i }).getAttribute('aria-controls') ?? ''
  const panel = document.getElementById(id)
  if (!panel) throw new Error('the mobile menu is closed')
  return panel
}

describe('header width by role', () => {
  // happy-dom lays nothing out, so the breakpoints are read from the classes the browser applies them by.
  const desktopLinks = () => screen.getByRole('navigation', { name: 'Main' }).closest('header > div > div') as HTMLElement
  const menuToggle = () => screen.getByRole('button', { name: 'Menu' }).parentElement as HTMLElement

  it("keeps a super admin's links on one line from 1280 px and moves them into the menu below", async () => {
    await renderApp('/', { user: testUser({ role: 'SUPER_ADMIN' }) })
    expect(desktopLinks().className).toContain('min-[1280px]:flex')
    expect(within(desktopLinks()).getByRole('list').className).toContain('flex-nowrap')
    expect(menuToggle().className).toBe('min-[1280px]:hidden')
  })

  it("keeps a member's links beside the logo from 769 px", async () => {
    await renderApp('/', { user: testUser({ role: 'BASEUSER' }) })
    expect(desktopLinks().className).toContain('min-[769px]:flex')
    expect(menuToggle().className).toBe('min-[769px]:hidden')
  })
})

describe('mobile menu (docs/product.md, "Screens and routes (web)")', () => {
  it('gives a visitor the visitor links, Authentication and Legal, each link once', async () => {
    await renderApp('/')
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }))
    expect(
      within(screen.getByRole('navigation', { name: 'Menu' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Pricing'])
    expect(within(openPanel()).getAllByRole('link', { name: 'Login' })).toHaveLength(1)
    const auth = screen.getByRole('navigation', { name: 'Authentication' })
    expect(within(auth).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(within(auth).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
    const legal = within(openPanel()).getByRole('navigation', { name: 'Legal' })
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
    expect(within(legal).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy')
  })

  it("shows a signed-in user's first name, last name, e-mail and role with Account links", async () => {
    await renderApp('/', { user: testUser({ fname: 'Ada', lname: 'Admin', email: 'ada@keydesk.example', role: 'ADMIN' }) })
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }))
    expect(screen.getByText('ada@keydesk.example')).toBeInTheDocument()
    expect(screen.getByText('Role: Admin')).toBeInTheDocument()
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0)
    const account = screen.getByRole('region', { name: 'Account' })
    expect(within(account).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(within(account).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Authentication' })).not.toBeInTheDocument()
  })

  it('closes on Escape and gives focus back to its button', async () => {
    await renderApp('/')
    const toggle = screen.getByRole('button', { name: 'Menu' })
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()
  })

  it('closes when a link is followed', async () => {
    const { router } = await renderApp('/')
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }))
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Pricing' }))
    expect(router.state.location.pathname).toBe('/pricing')
    expect(await screen.findByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Authentication' })).toBeNull()
  })

  it('shows admins how many chat conversations wait for an answer, on every page, and members nothing', async () => {
    fakeApi({ 'GET /api/chat/unread-count': () => jsonAnswer(200, { count: 3 }) })
    await renderApp('/', { user: testUser({ role: 'ADMIN' }) })
    expect(await screen.findByRole('link', { name: 'Chat 3 unread' })).toHaveAttribute('href', '/admin#support-chat')
    cleanup()
    await renderApp('/', { user: testUser({ role: 'BASEUSER' }) })
    expect(screen.queryByRole('link', { name: /^Chat/ })).not.toBeInTheDocument()
  })
})
