import { MESSAGES } from '@keydesk/contracts/messages'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { legalLinks, type NavLinkItem } from './nav-links.ts'

const quickLinks = [
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.vehicleKeycodeRequest, label: 'Request keycode' },
  { to: paths.membership, label: 'Membership' },
  { to: paths.requirements, label: 'State requirements' },
  { to: paths.support, label: 'Support' },
]

const bottomLinks = [
  { to: paths.about, label: 'About' },
  { to: paths.services, label: 'Services' },
  { to: paths.tos, label: 'Terms of Service' },
]

function LinkColumn({ title, links }: { title: string; links: NavLinkItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link className="hover:text-brand-600" to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-brand-900">Keydesk</p>
          <p className="mt-2 text-sm text-slate-600">{MESSAGES.footerTagline}</p>
        </div>
        <LinkColumn title="Quick links" links={quickLinks} />
        <LinkColumn title="Legal" links={legalLinks} />
      </div>
      <div className="border-t border-slate-100">
        <nav aria-label="Site" className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4 text-xs text-slate-500">
          <span>© {new Date().getFullYear()} Keydesk. Serving the US and Canada.</span>
          {bottomLinks.map((link) => (
            <Link key={link.to} className="hover:text-brand-600" to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  )
}
