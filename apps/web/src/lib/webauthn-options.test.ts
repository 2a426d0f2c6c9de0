import { afterEach, describe, expect, it, vi } from 'vitest'
import { isIpAddress, passkeysPossibleHere } from './webauthn-options.ts'

afterEach(() => vi.unstubAllGlobals())

describe('where passkeys can work', () => {
  it('tells IP addresses, which browsers refuse as RP ID, from names', () => {
    expect(isIpAddress('127.0.0.1')).toBe(true)
    expect(isIpAddress('192.168.1.20')).toBe(true)
    expect(isIpAddress('[::1]')).toBe(true)
    expect(isIpAddress('localhost')).toBe(false)
    expect(isIpAddress('keys.example.com')).toBe(false)
  })

  it('needs a browser with WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    expect(passkeysPossibleHere()).toBe(false)
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    expect(passkeysPossibleHere()).toBe(!isIpAddress(window.location.hostname))
  })
})
