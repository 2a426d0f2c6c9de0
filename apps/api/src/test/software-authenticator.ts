import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'

/**
 * A software WebAuthn authenticator for API tests: an ES256 key pair in memory that answers registration and sign-in
 * options the way a browser with a platform authenticator would (attestation "none", user present and verified), so
 * the production code's @simplewebauthn/server checks run on real signatures. Everything a test needs to get wrong
 * on purpose (origin, RP ID, counter, user handle) is a parameter.
 */

// A minimal CBOR encoder (RFC 8949) for what WebAuthn needs here: integers, byte and text strings, maps.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  const bytes = Buffer.alloc(5)
  bytes[0] = (major << 5) | 26
  bytes.writeUInt32BE(length, 1)
  return bytes
}

export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, text.length), text])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  const parts = [head(5, value.size)]
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item))
  return Buffer.concat(parts)
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface CeremonyOptions {
  /** The page's origin the browser reports; defaults to the authenticator's. */
  origin?: string
  /** The RP ID whose hash the authenticator signs; defaults to the authenticator's. */
  rpId?: string
  /** Whether the user was verified (fingerprint, PIN); true by default. */
  userVerified?: boolean
}

export interface SoftwareAuthenticator {
  credentialId: string
  /** The account id the credential was created for (its user handle). */
  userHandle: string | undefined
  /** The signature counter the next assertion carries, moved by one after each. */
  counter: number
  register(options: { challenge: string; user: { id: string } }, ceremony?: CeremonyOptions): Record<string, unknown>
  signIn(options: { challenge: string }, ceremony?: CeremonyOptions & { userHandle?: string; counter?: number }): Record<string, unknown>
}

export function softwareAuthenticator(defaults: { origin: string; rpId: string }): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const credentialIdBytes = randomBytes(16)
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' })
  const cosePublicKey = encodeCbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  )
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  const counterBytes = (counter: number) => {
    const bytes = Buffer.alloc(4)
    bytes.writeUInt32BE(counter)
    return bytes
  }

  const authenticator: SoftwareAuthenticator = {
    credentialId: b64url(credentialIdBytes),
    userHandle: undefined,
    counter: 1,
    register(options, ceremony = {}) {
      authenticator.userHandle = Buffer.from(options.user.id, 'base64url').toString('utf8')
      const flags = UP | AT | (ceremony.userVerified === false ? 0 : UV)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialIdBytes.length)
      const authData = Buffer.concat([
        sha256(ceremony.rpId ?? defaults.rpId),
        Buffer.from([flags]),
        counterBytes(0),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialIdBytes,
        cosePublicKey,
      ])
      const attestationObject = encodeCbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, ceremony.origin ?? defaults.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      }
    },
    signIn(options, ceremony = {}) {
      const counter = ceremony.counter ?? authenticator.counter
      if (ceremony.counter === undefined) authenticator.counter += 1
      const flags = UP | (ceremony.userVerified === false ? 0 : UV)
      const authData = Buffer.concat([sha256(ceremony.rpId ?? defaults.rpId), Buffer.from([flags]), counterBytes(counter)])
      const clientDataJSON = clientData('webauthn.get', options.challenge, ceremony.origin ?? defaults.origin)
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)
      const userHandle = ceremony.userHandle ?? authenticator.userHandle
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle: b64url(userHandle) } : {}),
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      }
    },
  }
  return authenticator
}
