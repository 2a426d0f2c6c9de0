import { hasAdminStatus } from '@keydesk/contracts/roles'
import { Link, NavLink } from 'react-router'
import { AdminChatUnreadLink } from '../../features/chat/components/admin-chat-unread-link.tsx'
import { useSession } from '../../features/session/use-session.ts'
import { paths } from '../../lib/paths.ts'
import { MobileMenu } from './mobile-menu.tsx'
import { navLinksFor } from './nav-links.ts'
import { useSignOut } from './use-sign-out.ts'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'text-brand-600 underline underline-offset-4' : 'text-slate-700 hover:text-brand-600'

/** docs/product.md §2: links by role; at 768 px or less (docs/product.md §11) they move into the mobile menu. */
export function SiteHeader() {
  const { user, status } = useSession()
  const signOut = useSignOut()
  const links = navLinksFor(user?.role ?? null)

  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to={paths.home} className="text-xl font-bold text-brand-900">
          Keydesk
        </Link>
        <div className="hidden items-center gap-6 min-[769px]:flex">
          {/* While the session loads, visitor links would flash for signed-in users; show none yet. */}
          {status !== 'loading' && (
            <nav aria-label="Main">
              <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end className={linkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {user && (
            <div className="flex items-center gap-3 text-sm">
              <span className="text-slate-600">
                {user.fname} {user.lname}
              </span>
              <button
                type="button"
                onClick={signOut}
                className="rounded-md border border-slate-300 px-3 py-1 font-medium hover:border-brand-600"
              >
                Logout
              </button>
            </div>
          )}
        </div>
        <div className="flex items-center gap-2">
          {user && hasAdminStatus(user.role) && <AdminChatUnreadLink />}
          <MobileMenu links={status === 'loading' ? [] : links} user={user} onSignOut={signOut} />
        </div>
      </div>
    </header>
  )
}
