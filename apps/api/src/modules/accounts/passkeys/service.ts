import { PASSKEY_MESSAGES, type Passkey } from '@keydesk/contracts/passkeys'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import type { Config } from '../../../config.ts'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import * as repository from './repository.ts'

// The WebAuthn ceremonies of passkeys (decision 022), on @simplewebauthn/server: every check of the browser's answer
// (challenge, origin, RP ID, user verification, signature, counter) is the library's; this file keeps the
// challenges single-use and checks that a credential is the one its account registered.

/** How long a challenge waits for its answer; the browser's prompt gets the same time. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000

/** Where passkeys are bound: the site's origin and its host name as the RP ID. */
export interface RelyingParty {
  origin: string
  rpID: string
}

/**
 * The site's origin is PUBLIC_URL's; without it (development), the address this request was sent to, as the
 * checkout's return addresses and the cross-site guard take it, so a passkey made at 127.0.0.1 works there.
 */
export function relyingPartyFor(config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>, requestOrigin: string | null): RelyingParty {
  const origin = config.publicUrlConfigured || !requestOrigin ? new URL(config.publicUrl).origin : requestOrigin
  return { origin, rpID: new URL(origin).hostname }
}

/** A stored passkey as the API answers it. */
export const toPasskeyView = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

/** The options as the answer's contract holds them: passed to the browser whole. */
function asOptionsAnswer(options: { challenge: string }): { challenge: string; [field: string]: unknown } {
  return { ...options }
}

/** The passkey's user handle is the account id: a sign-in's answer names its account, and must name the owner. */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId)

/** The challenge an answer carries, read from its client data (the library checks the rest); null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge
    return typeof challenge === 'string' && challenge !== '' ? challenge : null
  } catch {
    return null
  }
}

export async function listPasskeys(db: DbExecutor, userId: string): Promise<Passkey[]> {
  return (await repository.listPasskeys(db, userId)).map(toPasskeyView)
}

/** The options for `navigator.credentials.create()`: a discoverable credential that verifies its user. */
export async function startRegistration(
  db: DbExecutor,
  account: { id: string; email: string; fname: string; lname: string },
  rp: RelyingParty,
  now: Date,
) {
  const existing = await repository.findCredentialIds(db, account.id)
  const options = await generateRegistrationOptions({
    rpName: 'Keydesk',
    rpID: rp.rpID,
    userName: account.email,
    userDisplayName: `${account.fname} ${account.lname}`.trim(),
    userID: userHandleOf(account.id),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  })
  await repository.insertChallenge(
    db,
    { challenge: options.challenge, ceremony: 'REGISTRATION', userId: account.id, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
    now,
  )
  return asOptionsAnswer(options)
}

/**
 * Verifies the browser's answer to a registration and stores the passkey under the member's name for it. The
 * challenge is spent first, in its own statement, so a failed verification cannot be tried again with it.
 */
export async function finishRegistration(
  db: DbExecutor,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
  now: Date,
  /** Written in the transaction that stores the passkey (the owner's mail), so neither lands without the other. */
  alongside: (tx: DbExecutor) => Promise<void> = async () => undefined,
): Promise<Passkey> {
  const challenge = challengeOf(response.response.clientDataJSON)
  if (!challenge) throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified)
  if (!(await repository.consumeChallenge(db, challenge, 'REGISTRATION', userId, now))) {
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.expired)
  }
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => null)
  if (!verification?.verified) throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified)
  const { credential, credentialBackedUp } = verification.registrationInfo
  const row = await db.transaction(async (tx) => {
    const inserted = await repository.insertPasskey(tx, {
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      backedUp: credentialBackedUp,
      createdAt: now,
    })
    if (!inserted) throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyAdded)
    await alongside(tx)
    return inserted
  })
  return toPasskeyView(row)
}

/** The options for `navigator.credentials.get()`: any passkey of this site (no e-mail asked), verifying its user. */
export async function startAuthentication(db: DbExecutor, rp: RelyingParty, now: Date) {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: CHALLENGE_TTL_MS })
  await repository.insertChallenge(
    db,
    { challenge: options.challenge, ceremony: 'AUTHENTICATION', userId: null, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
    now,
  )
  return asOptionsAnswer(options)
}

/** Spends the sign-in challenge an answer carries, in its own statement (kept spent whatever follows). */
export async function spendSignInChallenge(db: DbExecutor, response: AuthenticationResponseJSON, now: Date): Promise<string> {
  const challenge = challengeOf(response.response.clientDataJSON)
  if (!challenge || !(await repository.consumeChallenge(db, challenge, 'AUTHENTICATION', null, now))) {
    throw new AppError('UNAUTHENTICATED', PASSKEY_MESSAGES.expired)
  }
  return challenge
}

export interface VerifiedPasskey {
  passkeyId: string
  userId: string
  counter: number
  backedUp: boolean
}

/**
 * Verifies a sign-in's answer against the stored credential it names, inside the caller's transaction (which locks
 * the credential's row): the user handle must be its owner's, and the library checks origin, RP ID, user
 * verification, signature and that the counter moved forward. Any failure is the same 401.
 */
export async function verifySignIn(
  db: DbExecutor,
  response: AuthenticationResponseJSON,
  challenge: string,
  rp: RelyingParty,
): Promise<VerifiedPasskey> {
  const refused = () => new AppError('UNAUTHENTICATED', PASSKEY_MESSAGES.signInFailed)
  const stored = await repository.findByCredentialId(db, response.id)
  if (!stored) throw refused()
  const handle = response.response.userHandle
  if (!handle || isoBase64URL.toUTF8String(handle) !== stored.userId) throw refused()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: stored.credentialId,
      publicKey: isoBase64URL.toBuffer(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: true,
  }).catch(() => null)
  if (!verification?.verified) throw refused()
  return {
    passkeyId: stored.id,
    userId: stored.userId,
    counter: verification.authenticationInfo.newCounter,
    backedUp: verification.authenticationInfo.credentialBackedUp,
  }
}

/** After the account was found able to sign in: the credential's counter and last use move. */
export async function recordSignIn(db: DbExecutor, verified: VerifiedPasskey, now: Date) {
  await repository.recordUse(db, verified.passkeyId, verified.counter, verified.backedUp, now)
}
