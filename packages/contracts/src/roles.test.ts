import { describe, expect, it } from 'vitest'
import { hasAdminStatus } from './roles.ts'

describe('admin status (docs/product.md, "Overview and roles")', () => {
  it('means ADMIN or SUPER_ADMIN', () => {
    expect(hasAdminStatus('ADMIN')).toBe(true)
    expect(hasAdminStatus('SUPER_ADMIN')).toBe(true)
  })

  it('excludes business users', () => {
    expect(hasAdminStatus('BASEUSER')).toBe(false)
  })
})
