import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'

// The API builds WebAuthn options with @simplewebauthn/server and its contract hands them on whole (only the
// challenge is named: WebAuthnOptionsSchema), so here they are given to @simplewebauthn/browser as the JSON types the
// two libraries share.

export const asRequestOptions = (options: { challenge: string }) => options as PublicKeyCredentialRequestOptionsJSON
export const asCreationOptions = (options: { challenge: string }) => options as unknown as PublicKeyCredentialCreationOptionsJSON
