import { screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { RouteObject } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { testUser } from '../test/test-user.ts'
import { routes } from './router.tsx'

function FailingPage(): ReactElement {
  throw new Error('this page failed to render')
}

/** The admin section of the real route table, found by its error boundary. */
function adminSection(): RouteObject {
  const section = routes[0]?.children?.find(
    (child) => (child.errorElement as ReactElement<{ section?: string }> | undefined)?.props.section === 'admin',
  )
  if (!section?.children) throw new Error('no admin section in the route table')
  return section
}

const failing: RouteObject = { path: '/admin/failing-page', element: <FailingPage /> }

beforeAll(() => adminSection().children?.push(failing))
afterAll(() => {
  const children = adminSection().children ?? []
  children.splice(children.indexOf(failing), 1)
})
afterEach(() => vi.unstubAllGlobals())

describe('error boundaries per section', () => {
  it('shows a failing admin page as an error inside the site frame, with the way back to the admin dashboard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({})
    await renderApp('/admin/failing-page', { user: testUser({ role: 'ADMIN' }) })
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the admin dashboard' })).toHaveAttribute('href', '/admin')
    // The header of the site frame is still there, so the admin can go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('gives every page of the route table a section boundary', () => {
    const sections = routes[0]?.children ?? []
    expect(sections.map((child) => (child.errorElement as ReactElement<{ section?: string }>).props.section)).toEqual([
      'public',
      'member',
      'admin',
    ])
  })
})
