import type { Role } from '@keydesk/contracts/roles'
import { paths } from '../../lib/paths.ts'
import { safeRedirectTarget } from '../session/login-redirect.ts'

/** docs/product.md, 'Screens and routes (web)': an admin goes to /admin, a super admin to /super-admin, anyone else to / or back where they came from. */
export function destinationAfterLogin(role: Role, redirectParam: string | null): string {
  if (role === 'ADMIN') return paths.admin
  if (role === 'SUPER_ADMIN') return paths.superAdmin
  return safeRedirectTarget(redirectParam) ?? paths.home
}
