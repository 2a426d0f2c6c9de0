import { z } from 'zod'

export const RoleSchema = z.enum(['BASEUSER', 'ADMIN', 'SUPER_ADMIN'])
export type Role = z.infer<typeof RoleSchema>

/** docs/product.md, 'Overview and roles': "Admin status" means ADMIN or SUPER_ADMIN. */
export function hasAdminStatus(role: Role): boolean {
  return role === 'ADMIN' || role === 'SUPER_ADMIN'
}
