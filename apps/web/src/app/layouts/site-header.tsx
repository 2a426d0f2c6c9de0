import { Link, NavLink } from 'react-router'
import { paths } from '../paths.ts'

const visitorLinks = [
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.register, label: 'Sign up' },
  { to: paths.login, label: 'Login' },
]

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <Link to={paths.home} className="text-xl font-bold text-brand-900">
          Keydesk
        </Link>
        <nav aria-label="Main">
          <ul className="flex items-center gap-4 text-sm font-medium">
            {visitorLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => (isActive ? 'text-brand-600' : 'text-slate-700 hover:text-brand-600')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  )
}
