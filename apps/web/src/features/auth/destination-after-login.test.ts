import { describe, expect, it } from 'vitest'
import { destinationAfterLogin } from './destination-after-login.ts'

describe('where login leads (docs/product.md, "Screens and routes (web)")', () => {
  it('sends an admin to /admin', () => {
    expect(destinationAfterLogin('ADMIN', null)).toBe('/admin')
  })

  it('sends a super admin to /super-admin', () => {
    expect(destinationAfterLogin('SUPER_ADMIN', '/cart')).toBe('/super-admin')
  })

  it('sends a business user home', () => {
    expect(destinationAfterLogin('BASEUSER', null)).toBe('/')
  })

  it('sends a business user back to the local page in the redirect parameter', () => {
    expect(destinationAfterLogin('BASEUSER', '/cart')).toBe('/cart')
  })

  it('ignores a redirect parameter pointing at another site', () => {
    expect(destinationAfterLogin('BASEUSER', 'https://evil.example/login')).toBe('/')
  })
})
