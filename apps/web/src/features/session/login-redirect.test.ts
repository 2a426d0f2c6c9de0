import { describe, expect, it } from 'vitest'
import { loginPathFor, safeRedirectTarget } from './login-redirect.ts'

describe('login redirect parameter', () => {
  it('keeps the page and its query', () => {
    expect(loginPathFor('/cart?x=1')).toBe('/login?redirect=%2Fcart%3Fx%3D1')
  })

  it('accepts a local path', () => {
    expect(safeRedirectTarget('/user-dash?tab=orders')).toBe('/user-dash?tab=orders')
  })

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'cart', ''])('refuses %j, which is not a local path', (value) => {
    expect(safeRedirectTarget(value)).toBeNull()
  })

  it('refuses a missing parameter', () => {
    expect(safeRedirectTarget(null)).toBeNull()
  })
})
