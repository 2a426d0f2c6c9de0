import { z } from 'zod'
import { OwnerProofSchema } from './security.ts'

/**
 * Passkeys for "Fingerprint sign-in" (docs/product.md, 'Fingerprint sign-in (passkeys)'; decision 022): WebAuthn
 * credentials the member's device keeps and unlocks with a fingerprint, face or screen lock.
 */

/** One passkey of the signed-in account, as the Security tab lists it. */
export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type Passkey = z.infer<typeof PasskeySchema>
export const PasskeysSchema = z.array(PasskeySchema)

export const PASSKEY_NAME_MAX = 60
export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name, such as the device it is on.')
  .max(PASSKEY_NAME_MAX, `At most ${PASSKEY_NAME_MAX} characters.`)

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url.')

/** What a browser answers `navigator.credentials.create()` with, as JSON (@simplewebauthn/browser's startRegistration). */
export const RegistrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
})

/** What a browser answers `navigator.credentials.get()` with, as JSON (@simplewebauthn/browser's startAuthentication). */
export const AuthenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
})

/** The options a browser passes to WebAuthn, as the server built them; handed on unchanged, so kept whole. */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() })

/** POST /user/security/passkeys/options: the owner's proof first, as for an authenticator app. */
export const PasskeyOptionsBodySchema = OwnerProofSchema

/** POST /user/security/passkeys: the member's name for it, and the browser's answer to the options. */
export const AddPasskeyBodySchema = z.object({ name: PasskeyNameSchema, response: RegistrationResponseSchema })

/** PATCH /user/security/passkeys/:id */
export const RenamePasskeyBodySchema = z.object({ name: PasskeyNameSchema })

/** DELETE /user/security/passkeys/:id: the owner's proof. */
export const RemovePasskeyBodySchema = OwnerProofSchema

/** POST /auth/passkey/login */
export const PasskeyLoginBodySchema = z.object({ response: AuthenticationResponseSchema })

export const PASSKEY_MESSAGES = {
  added: 'Passkey added. You can now sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed. Your password still signs you in.',
  allRemoved: 'Fingerprint sign-in is off: every passkey was removed. Your password still signs you in.',
  addOneFirst: 'To switch on Fingerprint sign-in, add a passkey: choose "Add a passkey" and follow your device.',
  notFound: 'Passkey not found.',
  notVerified: 'That passkey could not be verified. Try again.',
  expired: 'The passkey request expired or was already used. Try again.',
  alreadyAdded: 'This passkey is already added to an account.',
  signInFailed: 'That passkey did not sign you in. Try again, or sign in with your e-mail and password.',
} as const
