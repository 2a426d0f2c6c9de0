import { ADMIN_MESSAGES } from '@keydesk/contracts/admin-messages'
import { Link } from 'react-router'
import { primaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'

/** docs/product.md, 'Back office (admins and super admins)': a visitor on /admin (or /super-admin) is asked to log in rather than silently redirected. */
export function AdminSignedOutNotice({ isSuperAdmin = false }: { isSuperAdmin?: boolean }) {
  return (
    <PageFrame title={isSuperAdmin ? 'Super Admin Dashboard' : 'Admin Dashboard'} width="narrow">
      <p className="text-slate-700">{isSuperAdmin ? ADMIN_MESSAGES.superAdminSignedOut : ADMIN_MESSAGES.signedOut}</p>
      <Link to={paths.adminLogin} className={`${primaryLinkClass} mt-6`}>
        Admin Login
      </Link>
    </PageFrame>
  )
}
