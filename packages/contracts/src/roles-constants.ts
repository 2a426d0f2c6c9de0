/** The roles and the admin-status rule without RoleSchema, so the web app's header can read them without the schema library. */

export const ROLES = ['BASEUSER', 'ADMIN', 'SUPER_ADMIN'] as const
export type Role = (typeof ROLES)[number]

/** docs/product.md, 'Overview and roles': "Admin status" means ADMIN or SUPER_ADMIN. */
export function hasAdminStatus(role: Role): boolean {
  return role === 'ADMIN' || role === 'SUPER_ADMIN'
}
