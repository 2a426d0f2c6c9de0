import type { Role } from '@keydesk/contracts/roles'
import { paths } from '../../lib/paths.ts'

export interface NavLinkItem {
  to: string
  label: string
}

/** Signing up and logging in, named the same in the header, the phone menu and the login page. */
export const authLinks: NavLinkItem[] = [
  { to: paths.register, label: 'Sign up' },
  { to: paths.login, label: 'Login' },
]

const visitorLinks: NavLinkItem[] = [{ to: paths.pricing, label: 'Pricing' }, ...authLinks]

const userLinks: NavLinkItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.vehicleKeycodeRequest, label: 'Request Keycode' },
  { to: paths.bulkOrder, label: 'Bulk order' },
  { to: paths.team, label: 'Team' },
  { to: paths.subscriptions, label: 'Subscriptions' },
  { to: paths.userDash, label: 'Dashboard' },
  { to: paths.profile, label: 'Profile' },
  { to: paths.cart, label: 'Cart' },
]

const adminLinks: NavLinkItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.admin, label: 'Admin Dashboard' },
  { to: paths.registeredUsers, label: 'Registered Users' },
  { to: paths.documentValidation, label: 'Document Validation' },
  { to: paths.userHistory, label: 'User History' },
  { to: paths.keycodes, label: 'Keycode Portals' },
]

/** docs/product.md, 'Screens and routes (web)': the header links of each role (null: a visitor). */
export function navLinksFor(role: Role | null): NavLinkItem[] {
  switch (role) {
    case null:
      return visitorLinks
    case 'BASEUSER':
      return userLinks
    case 'ADMIN':
      return adminLinks
    case 'SUPER_ADMIN':
      return [...adminLinks, { to: paths.superAdmin, label: 'Super Admin' }]
  }
}

/** Shown in the footer and the mobile menu. */
export const legalLinks: NavLinkItem[] = [
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsOfService, label: 'Terms of Usage' },
  { to: paths.refundPolicy, label: 'Refund Policy' },
  { to: paths.membershipCancellation, label: 'Membership Cancellation' },
]

export const roleLabels: Record<Role, string> = {
  BASEUSER: 'User',
  ADMIN: 'Admin',
  SUPER_ADMIN: 'Super Admin',
}
