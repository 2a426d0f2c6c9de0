import { hasAdminStatus } from '@keydesk/contracts/roles-constants'
import { Link, NavLink } from 'react-router'
import { AdminChatUnreadLink } from '../../features/chat/components/admin-chat-unread-link.tsx'
import { useSession } from '../../features/session/use-session.ts'
import { paths } from '../../lib/paths.ts'
import { MobileMenu } from './mobile-menu.tsx'
import { navLinksFor } from './nav-links.ts'
import { useSignOut } from './use-sign-out.ts'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'text-brand-600 underline underline-offset-4' : 'text-slate-700 hover:text-brand-600'

/**
 * docs/product.md, 'Screens and routes (web)': links by role; at 768 px or less (its 'Constants') they move into the mobile menu. The back
 * office's links, name and chat need the whole of a 1280 px screen on one line, so below it they move into the menu.
 */
export function SiteHeader() {
  const { user, status } = useSession()
  const signOut = useSignOut()
  const links = navLinksFor(user?.role ?? null)
  const backOffice = user !== null && hasAdminStatus(user.role)

  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className={`mx-auto flex items-center justify-between gap-4 px-4 py-3 ${backOffice ? 'max-w-7xl' : 'max-w-6xl'}`}>
        <Link to={paths.home} className="text-xl font-bold text-brand-900">
          Keydesk
        </Link>
        <div className={`hidden items-center ${backOffice ? 'gap-4 min-[1280px]:flex' : 'gap-6 min-[769px]:flex'}`}>
          {/* While the session loads, visitor links would flash for signed-in users; show none yet. */}
          {status !== 'loading' && (
            <nav aria-label="Main">
              <ul
                className={`flex items-center gap-y-1 text-sm font-medium ${backOffice ? 'flex-nowrap gap-x-3 whitespace-nowrap' : 'flex-wrap gap-x-4'}`}
              >
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
            <div className="flex items-center gap-3 text-sm whitespace-nowrap">
              {/* A long name is cut short rather than pushing the links onto a second line. */}
              <span className="max-w-40 truncate text-slate-600" title={`${user.fname} ${user.lname}`}>
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
          {backOffice && <AdminChatUnreadLink />}
          <MobileMenu links={status === 'loading' ? [] : links} user={user} onSignOut={signOut} collapseBelow={backOffice ? 1280 : 769} />
        </div>
      </div>
    </header>
  )
}
