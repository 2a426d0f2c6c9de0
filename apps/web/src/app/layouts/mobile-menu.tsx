import type { UserView } from '@keydesk/contracts/auth'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { authLinks, legalLinks, type NavLinkItem, roleLabels } from './nav-links.ts'

interface MobileMenuProps {
  links: NavLinkItem[]
  user: UserView | null
  onSignOut: () => void
  /** Below which width the menu stands in for the header's links (the back office's longer list needs 1280 px). */
  collapseBelow?: 769 | 1280
}

function LinkGroup({ title, links }: { title: string; links: NavLinkItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      <ul className="mt-2 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded px-2 py-2 text-slate-800 hover:bg-brand-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The mobile menu of docs/product.md, 'Screens and routes (web)', for widths of 768 px or less (its 'Constants'). */
const AUTHENTICATION_PATHS = new Set<string>([paths.login, paths.register])

export function MobileMenu({ links, user, onSignOut, collapseBelow = 769 }: MobileMenuProps) {
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const location = useLocation()

  // Following a link or going back closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setIsOpen(false), [location.key])

  useEffect(() => {
    if (!isOpen) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setIsOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [isOpen])

  return (
    <div className={collapseBelow === 1280 ? 'min-[1280px]:hidden' : 'min-[769px]:hidden'}>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium"
      >
        {isOpen ? 'Close menu' : 'Menu'}
      </button>
      {isOpen && (
        <div id={panelId} className="absolute inset-x-0 top-14 z-40 space-y-6 border-b border-slate-200 bg-white px-4 py-4 shadow-lg">
          {user && (
            <div className="rounded-md bg-brand-50 px-3 py-2 text-sm">
              <p className="font-semibold text-brand-900">
                {user.fname} {user.lname}
              </p>
              <p className="text-slate-700">{user.email}</p>
              <p className="text-slate-700">Role: {roleLabels[user.role]}</p>
            </div>
          )}
          {/* A visitor's sign-in and sign-up sit under Authentication (docs/product.md, 'Screens and routes (web)'), so not twice. */}
          <LinkGroup title="Menu" links={user ? links : links.filter((link) => !AUTHENTICATION_PATHS.has(link.to))} />
          {user ? (
            <section aria-label="Account">
              <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Account</h2>
              <ul className="mt-2 space-y-1">
                <li>
                  <Link to={paths.profile} className="block rounded px-2 py-2 text-slate-800 hover:bg-brand-50">
                    Profile
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={onSignOut}
                    className="block w-full rounded px-2 py-2 text-left text-slate-800 hover:bg-brand-50"
                  >
                    Logout
                  </button>
                </li>
              </ul>
            </section>
          ) : (
            <LinkGroup title="Authentication" links={authLinks} />
          )}
          <LinkGroup title="Legal" links={legalLinks} />
        </div>
      )}
    </div>
  )
}
