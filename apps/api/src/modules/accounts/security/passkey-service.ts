import { PASSKEY_MESSAGES, type Passkey } from '@keydesk/contracts/passkeys'
import type { OwnerProof } from '@keydesk/contracts/security'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import * as passkeys from '../passkeys/repository.ts'
import { finishRegistration, listPasskeys, type RelyingParty, startRegistration, toPasskeyView } from '../passkeys/service.ts'
import { endSessionsOfPasskey } from '../sessions/repository.ts'
import { announceDeviceSessionsEnded } from '../sessions/service.ts'
import { assertEnrolmentProof, type Enroller } from './enrolment-proof.ts'
import { factorChangeMail } from './factor-change-mail.ts'
import { assertOwnerProof } from './owner-proof.ts'
import type { SecretBox } from './totp-secret-box.ts'

// Profile → Security's passkeys (docs/product.md, 'Fingerprint sign-in (passkeys)'; decisions 022 and 025). Adding
// one asks for the enrolment proof (an admin's needs a factor, or the password and a mailed code), removing one the
// owner's proof; both mail the owner. Naming one asks for nothing.

type Owner = Enroller & { fname: string; lname: string; sessionId: string }
type Ports = Uses<'database' | 'clock' | 'config' | 'secretKey'>

/** The registration options, once the enrolment proof holds; the proof and the challenge land together. */
export function startAddingPasskey(ports: Ports, box: SecretBox, owner: Owner, proof: OwnerProof, rp: RelyingParty) {
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    await assertEnrolmentProof(tx, box, owner, proof, now, ports.config.requireAdminTwoFactor)
    return startRegistration(tx, owner, rp, now)
  })
}

export async function addPasskey(
  ports: Ports,
  owner: { id: string; email: string; fname: string },
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
): Promise<Passkey> {
  const mail = await factorChangeMail(ports, owner, { kind: 'added', what: `A passkey named "${name}"` })
  return finishRegistration(ports.database.db, owner.id, name, response, rp, ports.clock.now(), mail.queue)
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
 * Removes one passkey of the owner's after the proof, in one transaction with the end of every session it signed in
 * (a rogue passkey's session does not outlive it) and the owner's mail. Removing the last one only switches
 * Fingerprint sign-in off: the password (and the authenticator app, if any) still sign in.
 */
export async function removePasskey(ports: Ports & Uses<'events' | 'log'>, box: SecretBox, owner: Owner, id: string, proof: OwnerProof) {
  const now = ports.clock.now()
  const mail = await factorChangeMail(ports, owner, { kind: 'removed', what: 'A passkey' })
  const endedSessions = await ports.database.db.transaction(async (tx) => {
    await assertOwnerProof(tx, box, owner, proof, now)
    const ended = await endSessionsOfPasskey(tx, owner.id, id, owner.sessionId, now)
    if (!(await passkeys.deletePasskey(tx, owner.id, id))) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound)
    await mail.queue(tx)
    return ended
  })
  await announceDeviceSessionsEnded(ports, endedSessions)
}
