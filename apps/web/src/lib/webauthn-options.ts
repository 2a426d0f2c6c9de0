import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'

// The API builds WebAuthn options with @simplewebauthn/server and its contract hands them on whole (only the
// challenge is named: WebAuthnOptionsSchema), so here they are given to @simplewebauthn/browser as the JSON types the
// two libraries share.

export const asRequestOptions = (options: { challenge: string }) => options as PublicKeyCredentialRequestOptionsJSON
export const asCreationOptions = (options: { challenge: string }) => options as unknown as PublicKeyCredentialCreationOptionsJSON

/** An IPv4 address, or an IPv6 one (in brackets in a URL's host name). */
export const isIpAddress = (hostname: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':')

/**
 * Whether passkeys can work on this page: the browser has WebAuthn, and the site was opened at a name (browsers
 * refuse an IP address such as 127.0.0.1 as the passkeys' RP ID), so the pages offer nothing that would only fail.
 */
export function passkeysPossibleHere(): boolean {
  return browserSupportsWebAuthn() && !isIpAddress(window.location.hostname)
}
