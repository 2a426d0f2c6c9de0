import { PASSKEY_MESSAGES, type Passkey } from '@keydesk/contracts/passkeys'
import type { OwnerProof } from '@keydesk/contracts/security'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import * as passkeys from '../passkeys/repository.ts'
import { finishRegistration, listPasskeys, type RelyingParty, startRegistration, toPasskeyView } from '../passkeys/service.ts'
import { assertOwnerProof } from './owner-proof.ts'
import type { SecretBox } from './secret-box.ts'

// Profile → Security's passkeys (docs/product.md, 'Fingerprint sign-in (passkeys)'; decision 022). Adding one and
// removing one ask for the owner's proof, as an authenticator app does; naming one does not.

type Owner = { id: string; email: string; fname: string; lname: string }

/** The registration options, once the owner proved to be the owner; the proof and the challenge land together. */
export function startAddingPasskey(ports: Uses<'database' | 'clock'>, box: SecretBox, owner: Owner, proof: OwnerProof, rp: RelyingParty) {
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    await assertOwnerProof(tx, box, owner, proof, now)
    return startRegistration(tx, owner, rp, now)
  })
}

export function addPasskey(
  ports: Uses<'database' | 'clock'>,
  owner: { id: string },
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
): Promise<Passkey> {
  return finishRegistration(ports.database.db, owner.id, name, response, rp, ports.clock.now())
}

export function passkeysOf(ports: Uses<'database'>, owner: { id: string }): Promise<Passkey[]> {
  return listPasskeys(ports.database.db, owner.id)
}

export async function renamePasskey(ports: Uses<'database'>, owner: { id: string }, id: string, name: string): Promise<Passkey> {
  const row = await passkeys.renamePasskey(ports.database.db, owner.id, id, name)
  if (!row) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound)
  return toPasskeyView(row)
}

/**
 * Removes one passkey of the owner's after the proof, in one transaction. Removing the last one only switches
 * Fingerprint sign-in off: the password (and the authenticator app, if any) still sign in.
 */
export async function removePasskey(ports: Uses<'database' | 'clock'>, box: SecretBox, owner: Owner, id: string, proof: OwnerProof) {
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    await assertOwnerProof(tx, box, owner, proof, now)
    if (!(await passkeys.deletePasskey(tx, owner.id, id))) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound)
  })
}
